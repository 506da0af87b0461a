import { describe, expect, it } from 'vitest';
import { ticketSubjectFrom } from './constants.js';
import { ZTicketMessageText } from './tickets.js';

describe('ticketSubjectFrom', () => {
  it('keeps a message of up to 60 characters whole', () => {
    expect(ticketSubjectFrom('a'.repeat(60))).toBe('a'.repeat(60));
    expect(ticketSubjectFrom('  hola  ')).toBe('hola');
  });

  it('cuts a longer message to 60 characters and adds "..."', () => {
    expect(ticketSubjectFrom(`${'b'.repeat(60)}c`)).toBe(`${'b'.repeat(60)}...`);
  });
});

describe('ZTicketMessageText', () => {
  it('trims, and refuses empty, whitespace-only and over-long text', () => {
    expect(ZTicketMessageText.parse('  hola ')).toBe('hola');
    expect(ZTicketMessageText.safeParse(' \n ').success).toBe(false);
    expect(ZTicketMessageText.safeParse('x'.repeat(2001)).success).toBe(false);
    expect(ZTicketMessageText.safeParse('x'.repeat(2000)).success).toBe(true);
  });
});
