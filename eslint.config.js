import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = './web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's building blocks and its features (STYLE.md, docs/decisions/061-house-layout.md). A building
 * block never imports a feature, nor the app that composes them; features share only through building
 * blocks and server/app-context.ts, and never import each other (a zone per feature, made from this list). Folders named here that do not exist yet are the features to come.
 */
export const serverBuildingBlocks = [
  'db',
  'http',
  'users',
  'sessions',
  'audit',
  'mail',
  'push',
  'rate-limit',
  'security',
  'health',
  'housekeeping',
  'paypal',
  'sign-in',
  'metrics',
  'backup',
  'support',
  'email-codes',
];
export const serverFeatures = [
  'accounts',
  'passwords',
  'password-resets',
  'qr',
  'prices',
  'cable',
  'web',
  'subscriptions',
  'devices',
  'two-factor',
  'passkeys',
  'data',
  'admin',
  'email-verification',
  'identities',
];

/** The import directions of STYLE.md: contract ← server, contract ← web; features never import each other. */
const zones = [
  { target: './contract', from: ['./server', './web'], message: 'contract/ imports neither server nor web.' },
  { target: './server', from: './web', message: 'The server never imports the web app.' },
  { target: './web', from: './server', message: 'The web app talks to the server over HTTP only.' },
  {
    target: serverBuildingBlocks.map((block) => `./server/${block}`),
    from: [
      ...serverFeatures.map((feature) => `./server/${feature}`),
      './server/app.ts',
      './server/app-context.ts',
    ],
    message:
      'A server building block never imports a feature or the app; move what both need into the block.',
  },
  // Features plug into the building blocks' extension points; they never import each other.
  ...serverFeatures.map((feature) => ({
    target: `./server/${feature}`,
    from: serverFeatures.filter((other) => other !== feature).map((other) => `./server/${other}`),
    message:
      'A server feature never imports another feature: plug into a building block (sign-in methods, account lifecycle, /me parts) or move what both need into one.',
  })),
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared building blocks must not depend on features or the app.',
  },
  {
    target: featuresDir,
    from: './web/src/app',
    message: 'Features do not import the app that composes them.',
  },
  ...features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: featuresDir,
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move shared code to components/ or lib/.',
  })),
];

/** Web imports cross folders through aliases, never `../`. */
const noParentImports = {
  regex: '^\\.\\./',
  message: "Import across folders through an alias: '@/lib/…' for web/src, '@contract/…' for contract/.",
};
/** Every link of the web app is the one component, so links look and behave alike. */
const oneLink = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message:
    "Use Link from '@/components/ui/link' (`to` for a path of the app, `href` for mailto: and other sites).",
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'docs/',
      // Code that breaks the rules on purpose, linted by server/lint-rules.test.ts.
      '**/lint-fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Parse imported TypeScript files too, or import-x/no-cycle cannot follow an import through them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [oneLink], patterns: [noParentImports] }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='a']", message: oneLink.message },
      ],
    },
  },
  {
    // The one link component wraps the router's link and the plain anchor.
    files: ['web/src/components/ui/link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noParentImports] }],
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: [
      'server/main.ts',
      'server/support/admin-cli.ts',
      'scripts/**',
      'bench/**',
      'playwright.config.ts',
      'tests/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use none of it.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
