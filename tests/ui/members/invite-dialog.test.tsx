/**
 * The invite-members dialog (SPEC §2 "invite member (two tabs: link invitation and email
 * invitation)", §5 invite-by-email validation, §8 'Copy successful' / 'Send invitation email
 * success', §9 link valid 7 days and reset invalidates it) and the seat-limit Usage limit dialog,
 * opened from the members screen and from the header, in the real app against the real server
 * (./team-server.tsx). Copying goes through the app's clipboard service (the browser's clipboard,
 * replaced here).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, codeMessage } from '../../../src/contract/codes';
import { ApiError } from '../../../src/services/api/client';
import { failResult, okResult } from '../harness';
import { renderMembers, rowCells, startTeamServer, type RenderMembersOptions, type TeamServer, type User } from './team-server';

// The whole app renders in jsdom against a real server in a worker (which starts once per file).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let server: TeamServer;
beforeAll(async () => {
  server = await startTeamServer();
  // Load the lazy route modules once, so the first test does not wait for their transform.
  await Promise.all([
    import('../../../src/ui/layout/main-layout'),
    import('../../../src/ui/screens/team/members-screen'),
    import('../../../src/ui/screens/home/home-screen'),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

/** Replaces the browser clipboard (after userEvent.setup({ delay: null }), which installs its own). */
const stubClipboard = (writeText: (text: string) => Promise<void>) => {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true, writable: true });
  return spy;
};

/** Opens the dialog from the members screen's button. */
const openFromMembers = async (options: RenderMembersOptions = {}) => {
  const rendered = await renderMembers(server, options);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByTestId('members-invite'));
  const dialog = await screen.findByTestId('invite-dialog');
  return { ...rendered, user, dialog };
};

/**
 * The create-link button once the dialog has asked whether a link exists: it is disabled (busy)
 * meanwhile, and a click then is rightly ignored.
 */
const readyGenerate = async (scope: Pick<typeof screen, 'findByTestId'> = screen) => {
  const button = (await scope.findByTestId('invite-link-generate', {}, { timeout: 10_000 })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false), { timeout: 10_000 });
  return button;
};

/** The public link the server made: the invitation page with a token. */
const LINK = /\/workspace\/invitation\?invite_token=[\w-]+$/;

const emailTab = async (user: User) => {
  await user.click(screen.getByTestId('invite-tab-email'));
  await waitFor(() => expect(screen.getByTestId('invite-tab-email').getAttribute('aria-selected')).toBe('true'));
  return screen.getByTestId('invite-emails') as HTMLTextAreaElement;
};

describe('opening the dialog', () => {
  it('opens from the members screen on the link tab, and closes', async () => {
    const { user, dialog, bodies } = await openFromMembers();
    expect(within(dialog).getByText('Invite members', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByTestId('invite-tab-link').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('invite-tab-link').textContent).toBe('Invite by link');
    expect(screen.getByTestId('invite-tab-email').textContent).toBe('Invite by email');
    await waitFor(() => expect(bodies('inviteUrlList')).toHaveLength(1));
    expect(await within(dialog).findByText('No invitation link yet.')).toBeTruthy();
    expect(screen.getByTestId('invite-link-generate').textContent).toBe('Create link');
    // The close button is named after its dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Close Invite members' }));
    await waitFor(() => expect(screen.queryByTestId('invite-dialog')).toBeNull());
  });

  it('opens from the header button beside the member selector, for those who may invite', async () => {
    const { bodies } = await renderMembers(server, { path: '/v2/home', waitForList: false });
    await screen.findByTestId('home-page', {}, { timeout: 10_000 });
    const trigger = screen.getByTestId('member-selector-invite');
    expect(trigger.textContent).toBe('Invite members');
    const user = userEvent.setup({ delay: null });
    await user.click(trigger);
    const dialog = await screen.findByTestId('invite-dialog');
    await user.click(await readyGenerate(within(dialog)));
    expect(((await screen.findByTestId('invite-link-url', {}, { timeout: 10_000 })) as HTMLInputElement).value).toMatch(LINK);
    expect(bodies('publicInviteUrlGenerate')).toHaveLength(1);
  });

  it('offers no invite button in the header to a member', async () => {
    await renderMembers(server, { as: 'member', path: '/v2/home', waitForList: false });
    await screen.findByTestId('home-page', {}, { timeout: 10_000 });
    expect(screen.getByTestId('member-selector')).toBeTruthy();
    expect(screen.queryByTestId('member-selector-invite')).toBeNull();
  });
});

describe('the link tab', () => {
  it('creates a link, shows how long it is valid, and copies it', async () => {
    const { user, bodies } = await openFromMembers();
    await user.click(await readyGenerate());
    const url = (await screen.findByTestId('invite-link-url', {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(url.value).toMatch(LINK);
    expect(url.readOnly).toBe(true);
    expect(bodies('publicInviteUrlGenerate')).toEqual([undefined]);
    // Valid 7 days from the server's clock (2025-01-15 09:00 UTC in the test world).
    const expires = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(Date.UTC(2025, 0, 22, 9, 0, 0)));
    expect(screen.getByTestId('invite-link-valid').textContent).toBe(`Valid until ${expires}`);
    expect(screen.queryByTestId('invite-link-generate')).toBeNull();

    const writeText = stubClipboard(() => Promise.resolve());
    await user.click(screen.getByTestId('invite-link-copy'));
    expect((await screen.findByTestId('invite-notice')).textContent).toBe('Copy successful');
    expect(writeText).toHaveBeenCalledWith(url.value);
  });

  it('shows the existing link at once, and says so when copying fails', async () => {
    const existing = { inviteToken: 'E1', inviteUrl: 'https://crm.example.test/crm/workspace/invitation?invite_token=E1', expiresAt: 1_900_000_000 };
    const { user } = await openFromMembers({ overrides: { inviteUrlList: () => okResult({ items: [{ ...existing, kind: 'public' as const, email: null }] }) } });
    expect(((await screen.findByTestId('invite-link-url')) as HTMLInputElement).value).toBe(existing.inviteUrl);
    stubClipboard(() => Promise.reject(new Error('denied')));
    await user.click(screen.getByTestId('invite-link-copy'));
    expect((await screen.findByTestId('invite-error')).textContent).toBe('The link could not be copied; select it and copy it by hand.');
    expect(screen.queryByTestId('invite-notice')).toBeNull();
  });

  it('resets the link only after a warning and a confirmation, then shows the new link', async () => {
    const { user, bodies } = await openFromMembers();
    await user.click(await readyGenerate());
    await waitFor(() => expect((screen.getByTestId('invite-link-url') as HTMLInputElement).value).toMatch(LINK), { timeout: 10_000 });
    const first = (screen.getByTestId('invite-link-url') as HTMLInputElement).value;

    await user.click(screen.getByTestId('invite-link-reset'));
    expect(screen.getByTestId('invite-reset-warning').textContent).toBe(
      'The current link stops working at once. Anyone who has not joined yet will need the new link.',
    );
    expect(screen.queryByTestId('invite-link-copy')).toBeNull();
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(screen.queryByTestId('invite-reset-warning')).toBeNull();
    expect(bodies('publicInviteUrlReset')).toEqual([]);
    expect((screen.getByTestId('invite-link-url') as HTMLInputElement).value).toBe(first);

    await user.click(screen.getByTestId('invite-link-reset'));
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect((screen.getByTestId('invite-link-url') as HTMLInputElement).value).not.toBe(first), { timeout: 10_000 });
    expect((screen.getByTestId('invite-link-url') as HTMLInputElement).value).toMatch(LINK);
    expect(bodies('publicInviteUrlReset')).toHaveLength(1);
    expect(screen.getByTestId('invite-notice').textContent).toBe('A new link was created; the old one no longer works.');
    expect(screen.queryByTestId('invite-reset-warning')).toBeNull();
  });

  it('shows a failure to create a link', async () => {
    const { user } = await openFromMembers({ overrides: { publicInviteUrlGenerate: () => failResult(Code.FORBIDDEN, codeMessage[Code.FORBIDDEN]) } });
    await user.click(await readyGenerate());
    expect((await screen.findByTestId('invite-error')).textContent).toBe('Request failed, please try again later');
    expect(screen.queryByTestId('invite-link-url')).toBeNull();
    expect(screen.getByTestId('invite-link-generate')).toBeTruthy();
  });
});

describe('the email tab', () => {
  it('requires an address, refuses only spaces, and checks on blur', async () => {
    const { user, bodies } = await openFromMembers();
    const field = await emailTab(user);
    expect(screen.getByTestId('invite-dialog').textContent).toContain('Separate several addresses with commas or new lines.');

    // Nothing is said before the field is left.
    await user.click(field);
    expect(screen.queryByTestId('invite-emails-error')).toBeNull();
    await user.tab();
    expect(screen.getByTestId('invite-emails-error').textContent).toBe('Email is empty');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.type(field, '   ');
    await user.tab();
    expect(screen.getByTestId('invite-emails-error').textContent).toBe('Email is empty');
    await user.click(screen.getByTestId('invite-send'));
    expect(screen.getByTestId('invite-emails-error').textContent).toBe('Email is empty');
    expect(bodies('inviteRecordCreate')).toEqual([]);
  });

  it('names the addresses that are not valid, after blur, and follows the typing once shown', async () => {
    const { user, bodies } = await openFromMembers();
    const field = await emailTab(user);
    await user.click(field);
    await user.paste('ok@example.test, nope');
    expect(field.value).toBe('ok@example.test, nope');
    expect(screen.queryByTestId('invite-emails-error')).toBeNull();
    await user.tab();
    expect(screen.getByTestId('invite-emails-error').textContent).toBe('Please enter valid emails: nope');
    await user.click(field);
    await user.paste('@example.test');
    await waitFor(() => expect(screen.queryByTestId('invite-emails-error')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.clear(field);
    await user.type(field, 'x@y');
    await user.click(screen.getByTestId('invite-send'));
    expect(screen.getByTestId('invite-emails-error').textContent).toBe('Please enter valid emails: x@y');
    expect(bodies('inviteRecordCreate')).toEqual([]);
  });

  it('sends several addresses at once, says so, and the list shows the invitations', async () => {
    const { user, bodies, page } = await openFromMembers();
    const field = await emailTab(user);
    // Pasted from an address book, one address a line after the first two.
    await user.click(field);
    await user.paste('ann@example.test, bob@example.test\ncy@example.test');
    expect(field.value).toBe('ann@example.test, bob@example.test\ncy@example.test');
    await user.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(bodies('inviteRecordCreate')).toEqual([{ emails: ['ann@example.test', 'bob@example.test', 'cy@example.test'] }]));
    expect((await screen.findByTestId('invite-notice')).textContent).toBe('Send invitation email success');
    expect(field.value).toBe('');
    // The members list behind the dialog reloads with the new invitations.
    await waitFor(() => expect(screen.queryByTestId('member-row-cy@example.test')).not.toBeNull());
    expect(rowCells('ann@example.test')[4]).toBe('Invited');
    expect(bodies('workspacePage')).toHaveLength(2);
    expect(page.isConnected).toBe(true);
  });

  it('shows a refusal from the server and keeps what was typed', async () => {
    const { user } = await openFromMembers({ overrides: { inviteRecordCreate: () => failResult(Code.FORBIDDEN, codeMessage[Code.FORBIDDEN]) } });
    const field = await emailTab(user);
    await user.click(field);
    await user.paste('ann@example.test');
    await user.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-error')).textContent).toBe('Request failed: You do not have permission to do this');
    expect(field.value).toBe('ann@example.test');
    expect(screen.queryByTestId('invite-notice')).toBeNull();
  });

  it('opens the Usage limit dialog beyond the seat count: plan, seats used and available, Upgrade now for the owner', async () => {
    // The Pro plan's 10 seats: the owner, the manager, the member, the target and a pending invitation use 5.
    const { user, bodies, api } = await openFromMembers({
      overrides: { inviteRecordCreate: () => failResult(Code.MEMBER_EXCEEDED, codeMessage[Code.MEMBER_EXCEEDED]) },
    });
    const payCallsBefore = bodies('payInfo').length;
    const field = await emailTab(user);
    await user.click(field);
    await user.paste('ann@example.test bob@example.test');
    await user.click(screen.getByTestId('invite-send'));
    const limit = await screen.findByTestId('usage-limit-dialog');
    expect(within(limit).getByText('Usage limit')).toBeTruthy();
    expect(limit.textContent).toContain('Your plan has no free seat for another member.');
    await waitFor(() => expect(within(limit).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Plan: Pro', 'Seats used: 5', 'Seats available: 5']));
    expect(bodies('payInfo').length).toBe(payCallsBefore + 1);
    // The owner on a paid plan may buy seats; no word for members.
    expect(within(limit).getByTestId('usage-limit-upgrade').textContent).toBe('Upgrade now');
    expect(within(limit).queryByTestId('usage-limit-contact-admin')).toBeNull();
    expect(screen.queryByTestId('invite-dialog')).toBeNull();
    expect(api.calls.filter((c) => c.name === 'inviteRecordCreate')).toHaveLength(1);

    await user.click(within(limit).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByTestId('usage-limit-dialog')).toBeNull());
  });

  it('Upgrade now buys the seats the addresses lack, then sends the same invitation again and closes', async () => {
    // The Pro plan, full: every seat of its 10 is in use (the server says so for the invitation and the plan info).
    let full = true;
    const { user, bodies } = await openFromMembers({
      overrides: {
        inviteRecordCreate: (_body, real) => (full ? failResult(Code.MEMBER_EXCEEDED, codeMessage[Code.MEMBER_EXCEEDED]) : real()),
        payInfo: async (_body, real) => {
          const answer = await real();
          return answer.ok && full ? { ...answer, data: { ...(answer.data as object), inviteCount: 10, inviteLimit: 10 } } : answer;
        },
        seatPrice: (body) =>
          okResult({ total: 1500 * (body as { seatQuantity: number }).seatQuantity, subtotal: 1500 * (body as { seatQuantity: number }).seatQuantity, discount: 0, unitAmount: 2500, currency: 'usd', prorationDate: 1_736_931_600, periodEnd: 1_738_000_000 }),
        seatPayment: () => {
          full = false;
          return okResult({ success: true, url: null, checkoutId: null });
        },
      },
    });
    const field = await emailTab(user);
    await user.click(field);
    await user.paste('ann@example.test bob@example.test');
    await user.click(screen.getByTestId('invite-send'));
    const limit = await screen.findByTestId('usage-limit-dialog');
    await user.click(await within(limit).findByTestId('usage-limit-upgrade'));
    // The seat purchase, the invite flow's child, offers the two seats the addresses lack.
    const seats = await screen.findByTestId('seat-purchase-dialog', {}, { timeout: 10_000 });
    expect((within(seats).getByTestId('seat-quantity') as HTMLInputElement).value).toBe('2');
    await waitFor(() => expect(within(seats).getByTestId('seat-price-total').textContent).toBe('$30.00'));
    expect(bodies('seatPrice')).toEqual([{ planId: 'pro', seatQuantity: 2 }]);
    await user.click(within(seats).getByTestId('seat-confirm'));
    await user.click(within(seats).getByTestId('seat-pay'));
    await waitFor(() => expect(bodies('seatPayment')).toEqual([{ planId: 'pro', seatQuantity: 2, prorationDate: 1_736_931_600 }]));
    // Paid: the same addresses go out again, and the invite dialog says so.
    expect((await screen.findByTestId('invite-notice')).textContent).toBe('Send invitation email success');
    expect(bodies('inviteRecordCreate')).toEqual([{ emails: ['ann@example.test', 'bob@example.test'] }, { emails: ['ann@example.test', 'bob@example.test'] }]);
    expect(screen.queryByTestId('seat-purchase-dialog')).toBeNull();
    expect(screen.queryByTestId('usage-limit-dialog')).toBeNull();
  });

  it('Upgrade now on trial opens the plan upgrade instead', async () => {
    const { user } = await openFromMembers({
      plan: 'trial',
      overrides: { inviteRecordCreate: () => failResult(Code.MEMBER_EXCEEDED, codeMessage[Code.MEMBER_EXCEEDED]) },
    });
    const field = await emailTab(user);
    await user.click(field);
    await user.paste('ann@example.test');
    await user.click(screen.getByTestId('invite-send'));
    const limit = await screen.findByTestId('usage-limit-dialog');
    await user.click(await within(limit).findByTestId('usage-limit-upgrade'));
    expect(await screen.findByTestId('plan-upgrade-dialog', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('seat-purchase-dialog')).toBeNull();
  });

  it('says the seat count is unknown when the plan cannot be loaded', async () => {
    let payCalls = 0;
    const { user } = await openFromMembers({
      overrides: {
        inviteRecordCreate: () => failResult(Code.MEMBER_EXCEEDED, codeMessage[Code.MEMBER_EXCEEDED]),
        // The gate loads the plan once when the app starts; the dialog's own request fails.
        payInfo: (_body, real) => {
          payCalls += 1;
          if (payCalls > 1) throw new ApiError('network', 'payInfo', 'offline');
          return real();
        },
      },
    });
    const field = await emailTab(user);
    await user.click(field);
    await user.paste('ann@example.test');
    await user.click(screen.getByTestId('invite-send'));
    const limit = await screen.findByTestId('usage-limit-dialog');
    expect(await within(limit).findByText('The seat count could not be loaded.')).toBeTruthy();
    expect(within(limit).queryAllByRole('listitem')).toEqual([]);
  });
});

describe('in other languages', () => {
  it('speaks Arabic, right to left', async () => {
    const { user, dialog } = await openFromMembers({ storage: { language: 'ar' } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(dialog.querySelector('h2')?.textContent).toBe('دعوة أعضاء');
    expect(screen.getByTestId('invite-tab-link').textContent).toBe('الدعوة برابط');
    expect(await within(dialog).findByText('لا يوجد رابط دعوة بعد.')).toBeTruthy();
    const field = await emailTab(user);
    await user.click(field);
    await user.tab();
    expect(screen.getByTestId('invite-emails-error').textContent).toBe('البريد الإلكتروني فارغ');
    await user.click(field);
    await user.paste('ann@example.test');
    await user.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-notice')).textContent).toBe('تم إرسال بريد الدعوة بنجاح');
  });

  it('speaks Chinese', async () => {
    const { dialog } = await openFromMembers({ storage: { language: 'zh-CN' } });
    expect(dialog.querySelector('h2')?.textContent).toBe('邀请成员');
    expect(screen.getByTestId('invite-tab-email').textContent).toBe('邮件邀请');
    expect((await screen.findByTestId('invite-link-generate')).textContent).toBe('生成链接');
  });
});
