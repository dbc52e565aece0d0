/** Where the sync views send people: the extension's store page and its sign-in page. */
import { KNOWN_EXTENSION_IDS } from '../../../contract/extension';
import { BASE_PATH } from '../../../machines/constants';

/** The store build's page (the first known id, src/contract/extension.ts). */
export const EXTENSION_INSTALL_URL = `https://chromewebstore.google.com/detail/${KNOWN_EXTENSION_IDS[0]}`;

/** The extension's sign-in page (SPEC §2 /eclient/auth), as a full path for a new tab. */
export const ECLIENT_AUTH_HREF = `${BASE_PATH}eclient/auth`;
