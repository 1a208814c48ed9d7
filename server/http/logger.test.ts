import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides credentials in query strings and keeps other parameters', () => {
    expect(redactUrl('/cable?token=abc123&x=1')).toBe('/cable?token=[REDACTED]&x=1');
    expect(redactUrl('/api/v1/check_chromes_password?password=hunter22')).toBe(
      '/api/v1/check_chromes_password?password=[REDACTED]',
    );
    expect(redactUrl('/api/v1/check_chromes_password?code=123456')).toBe(
      '/api/v1/check_chromes_password?code=[REDACTED]',
    );
  });

  it('hides the token of an e-mail confirmation link', () => {
    expect(redactUrl('/confirm-email/s3cr3t-token')).toBe('/confirm-email/[REDACTED]');
    expect(redactUrl('//Confirm-Email/s3cr3t-token')).not.toContain('s3cr3t');
  });

  it('hides the token of the link that undoes an e-mail change, as of every page with a token', () => {
    expect(redactUrl('/undo-email-change/s3cr3t-token')).toBe('/undo-email-change/[REDACTED]');
    expect(redactUrl('/Undo-Email-Change/s3cr3t-token?x=1')).not.toContain('s3cr3t');
  });

  it('hides the token of the sign-up’s confirmation link (DESIGN 13)', () => {
    expect(redactUrl('/verify-email/s3cr3t-token')).toBe('/verify-email/[REDACTED]');
    expect(redactUrl('//Verify-Email/s3cr3t-token?x=1')).not.toContain('s3cr3t');
    expect(redactUrl('/%76erify-email/s3cr3t-token')).not.toContain('s3cr3t');
  });

  it("hides the provider flow's link token, state and code (DESIGN 14)", () => {
    expect(redactUrl('/auth/google/start?intent=link&link_token=abc&return_to=%2Fx')).toBe(
      '/auth/google/start?intent=link&link_token=[REDACTED]&return_to=%2Fx',
    );
    expect(redactUrl('/auth/google/callback?state=s1&code=c1&iss=x')).toBe(
      '/auth/google/callback?state=[REDACTED]&code=[REDACTED]&iss=x',
    );
  });

  it('hides the reset token in a change-password link', () => {
    expect(redactUrl('/change-password/s3cr3t-token')).toBe('/change-password/[REDACTED]');
  });

  it('hides the reset token however the path is spelled', () => {
    expect(redactUrl('//change-password/s3cr3t-token')).toBe('//change-password/[REDACTED]');
    expect(redactUrl('///change-password/s3cr3t-token/')).toBe('///change-password/[REDACTED]/');
    expect(redactUrl('/Change-Password/s3cr3t-token?x=1')).toBe('/Change-Password/[REDACTED]?x=1');
    expect(redactUrl('/%63hange-password/s3cr3t-token')).toBe('/%63hange-password/[REDACTED]');
    expect(redactUrl('/a/change-password/s3cr3t-token')).toBe('/a/change-password/[REDACTED]');
    expect(redactUrl('/change-password//s3cr3t-token')).not.toContain('s3cr3t');
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/v1/me')).toBe('/api/v1/me');
    expect(redactUrl('/assets/app-1234.js')).toBe('/assets/app-1234.js');
    expect(redactUrl('/api/v1/change-passwords')).toBe('/api/v1/change-passwords');
  });

  it('looks closer at any URL that could spell a token page, however cased or escaped', () => {
    expect(redactUrl('/CONFIRM-EMAIL/s3cr3t-token')).toBe('/CONFIRM-EMAIL/[REDACTED]');
    expect(redactUrl('/%43onfirm-email/s3cr3t-token')).toBe('/%43onfirm-email/[REDACTED]');
    expect(redactUrl('/confirm%2Demail/s3cr3t-token')).toBe('/confirm%2Demail/[REDACTED]');
  });
});
