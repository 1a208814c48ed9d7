import { describe, expect, it } from 'vitest';
import { addressSubject } from './client-address.js';

describe('addressSubject', () => {
  it('counts an IPv4 address as itself, mapped or not', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64', () => {
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(addressSubject('')).toBe('');
    expect(addressSubject('not-an-ip')).toBe('not-an-ip');
  });
});
