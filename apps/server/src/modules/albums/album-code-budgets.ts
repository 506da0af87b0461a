import ipaddr from 'ipaddr.js';

/**
 * How many wrong album codes may be tried, and where they are counted (docs/decisions.md, "The
 * album code"). Right codes never count. Windows are fixed: a minute, a day, 30 days.
 */
export interface AlbumCodeLimits {
  perAddressPerMinute: number;
  perAddressPerDay: number;
  perAddressPerMonth: number;
  /** Wrong codes from one network block (IPv4 /24, IPv6 /48) together. */
  perBlockPerDay: number;
  perBlockPerMonth: number;
  /** Installation-wide wrong codes in a minute, or in a day, past which it is under attack for the rest of that day. */
  attackWrongPerMinute: number;
  attackWrongPerDay: number;
  /** The day budgets, while under attack, of an address that has opened no album in the last 30 days. */
  underAttackPerAddressPerDay: number;
  underAttackPerBlockPerDay: number;
}

export interface Budget {
  key: string;
  limit: number;
  windowSeconds: number;
  /** A block's budget refuses only addresses that have tried a wrong code themselves. */
  isBlock: boolean;
}

const MINUTE = 60;
const DAY = 86_400;
const MONTH = 30 * DAY;

/**
 * What one client is, for counting: an IPv4 address and its /24, or an IPv6 /64 (one subscriber
 * gets a whole /64, so a single address would be free to change) and its /48. IPv4-mapped IPv6
 * addresses count as IPv4.
 */
export function networkOf(clientIp: string): { address: string; block: string } {
  if (!ipaddr.isValid(clientIp)) return { address: clientIp, block: clientIp };
  const parsed = ipaddr.process(clientIp);
  if (parsed.kind() === 'ipv4') {
    const octets = (parsed as ipaddr.IPv4).octets;
    return { address: octets.join('.'), block: `${octets.slice(0, 3).join('.')}.0/24` };
  }
  const hextets = (parsed as ipaddr.IPv6).parts.map((part) => part.toString(16));
  return { address: `${hextets.slice(0, 4).join(':')}::/64`, block: `${hextets.slice(0, 3).join(':')}::/48` };
}

/** The counters a check reads and a wrong code adds to, besides the budgets themselves. */
export const albumCodeSignals = (address: string) => ({
  /** Wrong codes from everyone, this minute and this day. */
  allMinute: { key: 'album-code:all:minute', windowSeconds: MINUTE },
  allDay: { key: 'album-code:all:day', windowSeconds: DAY },
  /** Non-zero for the rest of a day in which the installation was under attack. */
  attack: { key: 'album-code:attack', windowSeconds: DAY },
  /** Right codes from this address in the last 30 days: its history. */
  known: { key: `album-code:known:${address}`, windowSeconds: MONTH },
});

/** The budgets a wrong code from this client counts against; `strict` while under attack for a client with no history. */
export function budgetsOf(network: { address: string; block: string }, limits: AlbumCodeLimits, strict: boolean) {
  const { address, block } = network;
  const perAddressPerDay = strict
    ? Math.min(limits.perAddressPerDay, limits.underAttackPerAddressPerDay)
    : limits.perAddressPerDay;
  const perBlockPerDay = strict
    ? Math.min(limits.perBlockPerDay, limits.underAttackPerBlockPerDay)
    : limits.perBlockPerDay;
  const budgets: Budget[] = [
    { key: `album-code:ip:${address}`, limit: limits.perAddressPerMinute, windowSeconds: MINUTE, isBlock: false },
    { key: `album-code:ip-day:${address}`, limit: perAddressPerDay, windowSeconds: DAY, isBlock: false },
    { key: `album-code:ip-month:${address}`, limit: limits.perAddressPerMonth, windowSeconds: MONTH, isBlock: false },
    { key: `album-code:block-day:${block}`, limit: perBlockPerDay, windowSeconds: DAY, isBlock: true },
    { key: `album-code:block-month:${block}`, limit: limits.perBlockPerMonth, windowSeconds: MONTH, isBlock: true },
  ];
  return budgets;
}
