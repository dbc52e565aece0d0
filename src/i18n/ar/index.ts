import type { Translation } from '../i18n-types';
import { common } from './common';
import { auth } from './auth';
import { layout } from './layout';
import { home } from './home';
import { pages } from './pages';
import { members } from './members';
import { members } from './members';

const ar = { common, auth, layout, home, pages, members, members } satisfies Translation;

export default ar;
