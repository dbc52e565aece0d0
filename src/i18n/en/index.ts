import type { BaseTranslation } from '../i18n-types';
import { common } from './common';
import { auth } from './auth';
import { layout } from './layout';
import { home } from './home';
import { pages } from './pages';
import { members } from './members';
import { members } from './members';

// One file per area (src/i18n/<locale>/<area>.ts); this index only assembles them.
const en = { common, auth, layout, home, pages, members, members } satisfies BaseTranslation;

export default en;
