import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { renderPage } from './page.js';

const page = { title: 'Pricing', description: 'The plans.' };

describe('renderPage', () => {
  it('fills the settings into meta tags, escaped, and leaves unknown markers alone', () => {
    const config = loadConfig({ APP_NAME: 'Moo <script>"x"', PAYPAL_CLIENT_ID_PRODUCTION: 'live-id' });
    const html = renderPage(
      '<title>__APP_NAME__</title><meta content="__PAYPAL_CLIENT_ID__"><meta content="__SUPPORT_EMAIL__"><i>__OTHER__</i>',
      config,
      { title: 'Sign in', description: 'Sign in here.' },
    );
    expect(html).toBe(
      '<title>Moo &lt;script&gt;&quot;x&quot;</title><meta content="live-id"><meta content="support@example.com"><i>__OTHER__</i>',
    );
  });

  it('fills in APP_DESCRIPTION, escaped, and nothing when it is unset', () => {
    const template = '<meta name="app-description" content="__APP_DESCRIPTION__">';
    expect(renderPage(template, loadConfig({ APP_DESCRIPTION: 'Milk <fresh> & "cold"' }), page)).toBe(
      '<meta name="app-description" content="Milk &lt;fresh&gt; &amp; &quot;cold&quot;">',
    );
    expect(renderPage(template, loadConfig({}), page)).toBe('<meta name="app-description" content="">');
  });

  it("fills in PayPal's JS SDK URL, the default or the one set", () => {
    const template = '<meta name="paypal-sdk-url" content="__PAYPAL_SDK_URL__">';
    expect(renderPage(template, loadConfig({}), page)).toBe(
      '<meta name="paypal-sdk-url" content="https://www.paypal.com/sdk/js">',
    );
    expect(renderPage(template, loadConfig({ PAYPAL_SDK_URL: 'http://127.0.0.1:4100/sdk/js' }), page)).toBe(
      '<meta name="paypal-sdk-url" content="http://127.0.0.1:4100/sdk/js">',
    );
  });

  it("writes the page's title, 'Page · APP_NAME' or the app name alone, and its description, escaped", () => {
    const template = '<title>__PAGE_TITLE__</title><meta name="description" content="__PAGE_DESCRIPTION__">';
    const config = loadConfig({ APP_NAME: 'Moo & Co' });
    expect(renderPage(template, config, { title: 'Sign in', description: 'Sign in "here".' })).toBe(
      '<title>Sign in · Moo &amp; Co</title><meta name="description" content="Sign in &quot;here&quot;.">',
    );
    expect(renderPage(template, config, { title: '', description: 'Home.' })).toBe(
      '<title>Moo &amp; Co</title><meta name="description" content="Home.">',
    );
  });
});
