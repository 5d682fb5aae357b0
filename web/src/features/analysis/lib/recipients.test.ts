// The schedule's addresses as the dialog shows them: one row each (trimmed, lower case, once) with the server's
// state, allowed only for a user of the tenant or a verified address, a verification offered for the others.
import { describe, expect, it } from 'vitest';

import { mailProblem, notAllowed, recipientRows } from './recipients';

describe('recipient rows', () => {
  it('gives each typed address its state and what may be done', () => {
    const rows = recipientRows(
      [
        ' Ops@Example.com',
        'ops@example.com',
        'bob@example.com',
        'new@example.com',
        'wait@example.com',
        'x@y.io',
      ],
      [
        { address: 'ops@example.com', state: 'verified' },
        { address: 'bob@example.com', state: 'user' },
        { address: 'new@example.com', state: 'none' },
        { address: 'wait@example.com', state: 'pending' },
      ],
    );
    expect(rows).toEqual([
      { address: 'ops@example.com', state: 'verified', allowed: true, canVerify: false },
      { address: 'bob@example.com', state: 'user', allowed: true, canVerify: false },
      { address: 'new@example.com', state: 'none', allowed: false, canVerify: true },
      { address: 'wait@example.com', state: 'pending', allowed: false, canVerify: true },
      // Not answered yet: neither allowed nor refused.
      { address: 'x@y.io', state: null, allowed: false, canVerify: false },
    ]);
    expect(notAllowed(rows)).toEqual(['new@example.com', 'wait@example.com']);
    expect(recipientRows([], undefined)).toEqual([]);
  });

  it('names the last mails worth a warning', () => {
    expect(['sent', null, undefined].map(mailProblem)).toEqual([false, false, false]);
    expect(['partial', 'skipped', 'capped', 'failed'].map(mailProblem)).toEqual([true, true, true, true]);
  });
});
