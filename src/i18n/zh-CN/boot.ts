// The areas every page needs (sign-in, layout, error and 404 pages), loaded with the language.
// Screen areas (home, team, ...) load with their screen: src/i18n/areas.ts.
import { common } from './common';
import { auth } from './auth';
import { layout } from './layout';
import { pages } from './pages';

export default { common, auth, layout, pages };
