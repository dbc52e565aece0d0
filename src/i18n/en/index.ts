import type { BaseTranslation } from '../i18n-types';
import { common } from './common';
import { auth } from './auth';
import { layout } from './layout';
import { home } from './home';
import { pages } from './pages';
import { intro } from './intro';
import { onboarding } from './onboarding';
import { team } from './team';
import { pipeline } from './pipeline';
import { leads } from './leads';
import { contacts } from './contacts';
import { tags } from './tags';
import { importer } from './importer';
import { sync } from './sync';
import { chats } from './chats';
import { tools } from './tools';
import { templates } from './templates';
import { schedules } from './schedules';
import { inviteLinks } from './invite-links';
import { integrations } from './integrations';
import { billing } from './billing';
import { analytics } from './analytics';
import { assistant } from './assistant';
import { productLog } from './product-log';

// One file per area (src/i18n/<locale>/<area>.ts); this index only assembles them.
const en = { common, auth, layout, home, pages, intro, onboarding, team, pipeline, leads, contacts, tags, importer, sync, chats, tools, templates, schedules, inviteLinks, integrations, analytics, billing, assistant, productLog } satisfies BaseTranslation;

export default en;
