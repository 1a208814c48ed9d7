import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides credentials in query strings and keeps other parameters', () => {
    expect(redactUrl('/cable?token=abc123&x=1')).toBe('/cable?token=[REDACTED]&x=1');
    expect(redactUrl('/api/v1/check_chromes_password?password=hunter22')).toBe(
      '/api/v1/check_chromes_password?password=[REDACTED]',
    );
  });

  it('hides the reset token in a change-password link', () => {
    expect(redactUrl('/change-password/s3cr3t-token')).toBe('/change-password/[REDACTED]');
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/v1/me')).toBe('/api/v1/me');
  });
});
