/**
 * The schedule form's rules (src/machines/schedule-draft.ts; SPEC §5 Schedule): the start read on
 * the schedule's zone's clock (impossible dates and times refused, a time a daylight-saving change
 * skips shifted forward), the contract's messages as problem kinds on their fields, a start in the
 * past refused except an edited recurring schedule's own start, and the server's refusals put on
 * their fields.
 */
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../src/contract/schedules';
import { checkDraft, draftOf, fieldErrorOfMessage, localWhen, newDraft, startTimeOf, withRecipient } from '../../src/machines/schedule-draft';

const alice = { chatWhatsappId: '447700900111@c.us', name: 'Alice' };
const NOW = Date.UTC(2026, 10, 26, 12);

describe('the start on the zone’s clock', () => {
  it('reads a date and time in the zone, and shows an instant on its clock', () => {
    expect(startTimeOf('2030-01-15T09:30', 'Europe/Berlin')).toBe(Date.UTC(2030, 0, 15, 8, 30));
    expect(startTimeOf('2030-07-15T09:30', 'Europe/Berlin')).toBe(Date.UTC(2030, 6, 15, 7, 30));
    expect(startTimeOf('2030-01-15T09:30', 'Asia/Shanghai')).toBe(Date.UTC(2030, 0, 15, 1, 30));
    expect(localWhen(Date.UTC(2030, 0, 15, 8, 30), 'Europe/Berlin')).toBe('2030-01-15T09:30');
    expect(localWhen(Date.UTC(2030, 0, 15, 8, 30), 'America/New_York')).toBe('2030-01-15T03:30');
  });

  it('refuses what is no date and time', () => {
    for (const when of ['', '2030-02-30T09:00', '2030-04-31T09:00', '2030-13-01T09:00', '2030-01-15T24:00', '2030-01-15T9:30', '2030-01-15', 'soon']) {
      expect(startTimeOf(when, 'Europe/Berlin'), when).toBeNull();
    }
    expect(startTimeOf('2030-01-15T09:30', 'Mars/Olympus')).toBeNull();
  });

  it('reads a time the spring change skips shifted forward by the change', () => {
    // Berlin skips 02:00-03:00 on 30 March 2025: 02:30 is read as 03:30 summer time.
    expect(startTimeOf('2025-03-30T02:30', 'Europe/Berlin')).toBe(Date.UTC(2025, 2, 30, 1, 30));
  });
});

describe('checking a draft', () => {
  it('puts the SPEC §5 problems on their fields', () => {
    const check = checkDraft(newDraft('Europe/Berlin'), NOW);
    expect(check).toEqual({
      ok: false,
      errors: {
        recipients: { kind: 'required', message: 'Choose a recipient' },
        title: { kind: 'required', message: 'Enter a title' },
        message: { kind: 'required', message: 'Enter a message.' },
        when: { kind: 'noTime', message: 'Choose a date and time' },
      },
    });
  });

  it('says the limit of a field too long', () => {
    const check = checkDraft({ ...newDraft('UTC', alice), title: 'x'.repeat(101), message: 'm', when: '2030-01-01T09:00' }, NOW);
    expect(check).toEqual({ ok: false, errors: { title: { kind: 'tooLong', message: 'at most 100 characters', limit: 100 } } });
  });

  it('refuses a start more than a minute in the past, takes one within the minute', () => {
    const draft = { ...newDraft('UTC', alice), title: 'T', message: 'M', when: '2026-11-26T11:58' };
    expect(checkDraft(draft, NOW)).toEqual({ ok: false, errors: { when: { kind: 'past', message: 'Choose a time in the future' } } });
    expect(checkDraft({ ...draft, when: '2026-11-26T11:59' }, NOW).ok).toBe(true);
  });

  it('lets an edited recurring schedule keep its start in the past, not a once-only one', () => {
    const saved: Schedule = {
      id: 's1',
      recipients: [alice],
      title: 'Daily',
      message: 'Hi',
      startTime: Date.UTC(2025, 0, 1, 8),
      timeZone: 'Europe/Berlin',
      recurrence: 'day',
      status: 'pending',
      nextRunTime: NOW + 1000,
      runCount: 3,
      lastError: null,
      waitReason: null,
      updatedAt: 1,
    };
    const draft = draftOf(saved);
    expect(draft).toEqual({ id: 's1', recipients: [alice], title: 'Daily', message: 'Hi', when: '2025-01-01T09:00', recurrence: 'day', timeZone: 'Europe/Berlin', keptStart: saved.startTime });
    expect(checkDraft({ ...draft, title: '  Daily news  ' }, NOW)).toEqual({
      ok: true,
      request: { id: 's1', recipients: [alice], title: 'Daily news', message: 'Hi', startTime: saved.startTime, timeZone: 'Europe/Berlin', recurrence: 'day' },
    });
    expect(checkDraft({ ...draft, recurrence: 'once' }, NOW).ok).toBe(false);
    expect(checkDraft({ ...draft, when: '2025-01-02T09:00' }, NOW).ok).toBe(false);
  });

  it('adds a recipient once', () => {
    expect(withRecipient([alice], { ...alice, name: 'Again' })).toEqual([alice]);
  });
});

describe('the server’s refusals on their fields', () => {
  it('reads the field from the wire name, the problem from the words', () => {
    expect(fieldErrorOfMessage('start_time: Choose a time in the future')).toEqual({ field: 'when', problem: { kind: 'past', message: 'Choose a time in the future' } });
    expect(fieldErrorOfMessage('time_zone: Unknown time zone')).toEqual({ field: 'when', problem: { kind: 'invalid', message: 'Unknown time zone' } });
    expect(fieldErrorOfMessage('recurrence: This schedule would never be sent')).toEqual({ field: 'recurrence', problem: { kind: 'neverDue', message: 'This schedule would never be sent' } });
    expect(fieldErrorOfMessage('recipients.0.chat_whatsapp_id: Not a chat id')).toEqual({ field: 'recipients', problem: { kind: 'invalid', message: 'Not a chat id' } });
    expect(fieldErrorOfMessage('message: at most 4096 characters')).toEqual({ field: 'message', problem: { kind: 'tooLong', message: 'at most 4096 characters', limit: 4096 } });
    expect(fieldErrorOfMessage('A member keeps at most 500 schedules')).toBeNull();
    expect(fieldErrorOfMessage('id: Not found')).toBeNull();
  });
});
