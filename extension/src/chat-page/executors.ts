/**
 * The chat page's executors: the auto replies (auto-reply-runner.ts: the member's templates read
 * when the page opens and every AUTO_REPLY_REFRESH_MS, each received message looked at as it is
 * stored) and the scheduled sends (scheduled-sends.ts: claimed every CLAIM_INTERVAL_MS). One tab
 * runs them, the holder of a Web Lock (another tab takes over when it closes), so two open chat
 * pages never answer a message twice. Their workspace calls go through the service worker
 * (crm-proxy.ts).
 */
import { AUTO_REPLY_REFRESH_MS, createAutoReplyRunner } from '../auto-reply-runner';
import type { ChromeApi, StorageChange } from '../chrome-api';
import { proxyCall } from '../crm-proxy';
import type { NoteKind } from '../internal-messages';
import { CLAIM_INTERVAL_MS, createScheduledSender } from '../scheduled-sends';
import type { Store } from '../state';

/** `pending`: not known yet; `running`: this tab runs them; `elsewhere`: another tab does. */
export type ExecutorRole = 'pending' | 'running' | 'elsewhere';

export const EXECUTOR_LOCK = 'chat-crm-executors';

export type ExecutorDeps = {
  store: Store;
  chrome: ChromeApi;
  notify: (kind: NoteKind) => void;
  log: (text: string) => void;
  onRole: (role: ExecutorRole) => void;
};

/** Whether a stored session or login now names someone else (its user, workspace origin or number). */
export const whoChanged = (change: StorageChange | undefined): boolean => {
  if (!change) return false;
  const who = (value: unknown) => {
    const v = (value ?? {}) as { origin?: unknown; userId?: unknown; number?: unknown };
    return JSON.stringify([v.origin, v.userId, v.number]);
  };
  return who(change.oldValue) !== who(change.newValue);
};

export const startExecutors = (deps: ExecutorDeps): void => {
  const { store, chrome, log } = deps;
  const call = proxyCall((message) => chrome.runtime.sendMessage(message));
  const changed = () => deps.notify('chatPage.changed');
  const runner = createAutoReplyRunner({
    store,
    call,
    now: Date.now,
    setTimer: (run, ms) => {
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    },
    changed,
    log,
  });
  const sender = createScheduledSender({ store, call, now: Date.now, changed, log });

  const run = () => {
    deps.onRole('running');
    // On opening: the member's auto replies now, then any reply whose delay ended while closed.
    void runner.refresh().then(() => runner.flush());
    void sender.tick();
    setInterval(() => void runner.refresh(), AUTO_REPLY_REFRESH_MS);
    setInterval(() => void sender.tick(), CLAIM_INTERVAL_MS);
    chrome.storage.onChanged.addListener((changes, area) => {
      if (area !== 'local') return;
      // Another member, workspace or number: its templates (a renewed token alone changes nothing);
      // a change of an account: what it received.
      if (whoChanged(changes.crmSession) || whoChanged(changes.chatLogin)) void runner.refresh();
      else if (Object.keys(changes).some((k) => k.startsWith('account:'))) void runner.process();
    });
  };

  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) {
    run();
    return;
  }
  // Held until the tab closes (the callback's promise never settles).
  const hold = () => {
    run();
    return new Promise<never>(() => undefined);
  };
  void locks.request(EXECUTOR_LOCK, { ifAvailable: true }, (lock) => {
    if (lock) return hold();
    deps.onRole('elsewhere');
    void locks.request(EXECUTOR_LOCK, hold);
    return undefined;
  });
};
