// The code gates the review asks for: the layout's boundaries (docs/architecture.md, "What may
// import what") and no import cycles, checked on every change instead of kept by habit.
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const FEATURES_DIR = 'renderer/src/features';

// Read from disk so that a new feature is fenced in from the day it lands.
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const crossFeatureZones = features.map((feature) => ({
  target: `${FEATURES_DIR}/${feature}`,
  from: FEATURES_DIR,
  except: [`./${feature}`],
  message: 'Una feature no importa otra: lo común va a renderer/src/shared y la composición a renderer/src/app.',
}));

const boundaryZones = [
  ...crossFeatureZones,
  {
    target: 'renderer/src/shared',
    from: [FEATURES_DIR, 'renderer/src/app'],
    message: 'renderer/src/shared no depende de features ni de app.',
  },
  {
    target: FEATURES_DIR,
    from: 'renderer/src/app',
    message: 'Las features no importan app: app compone las features.',
  },
  {
    target: 'renderer',
    from: ['backend', 'main'],
    message: 'El renderer habla con el backend por HTTP y con Electron por window.desktop, nunca importándolos.',
  },
  {
    // The typed window.desktop contract is the one thing the renderer shares with the preload.
    target: 'renderer',
    from: 'preload',
    except: ['./desktop-bridge.ts'],
    message: 'Del preload el renderer solo usa el contrato de window.desktop (preload/desktop-bridge.ts).',
  },
  {
    target: 'backend',
    from: ['renderer', 'main', 'preload'],
    message: 'El backend no importa código de la interfaz ni de Electron.',
  },
  // The backend's layers, from the bottom: config, common, database, modules; each imports only
  // those below it. The application's composition (app.module, main, cli…) sits above them all.
  {
    target: 'backend/src/config',
    from: ['backend/src/common', 'backend/src/database', 'backend/src/modules'],
    message: 'La configuración solo lee el entorno: no importa common, database ni los módulos.',
  },
  {
    target: 'backend/src/common',
    from: ['backend/src/database', 'backend/src/modules'],
    message: 'common no importa database ni los módulos: los módulos usan common, no al revés (un puerto en common, su adaptador en el módulo).',
  },
  {
    target: 'backend/src/database',
    from: 'backend/src/modules',
    message: 'database no importa los módulos.',
  },
  {
    // A migration does the same thing forever: the values it needs are copied into it.
    target: 'backend/src/database/migrations',
    from: 'backend/src',
    except: ['./database/migrations'],
    message: 'Una migración no importa código vivo: copia los valores que necesita tal como eran.',
  },
  {
    target: ['main', 'preload'],
    from: ['renderer', 'backend'],
    message: 'main y preload no importan el renderer ni el backend.',
  },
];

export default defineConfig(
  globalIgnores(['out/', 'dist/', 'release/', 'coverage/', 'data/', 'test-results/', 'playwright-report/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x skips .ts files when it follows imports, and finds no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.json', '.node'] }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a value left unused on purpose (an omitted field, a skipped argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A package the code imports is declared in package.json, not reached through another's.
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true }],
    },
  },
  {
    // The server runs with the production dependencies only (the bundlers take the rest for the
    // renderer and Electron at build time).
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }] },
  },
  {
    // Type information for the promise rules: a floating promise in the backend or the main process
    // is an unhandled rejection, which ends the process.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./backend/tsconfig.json', './renderer/tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // react-router's navigate() returns a promise only under a data router, and it never rejects.
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // A module reaches another module through its service; another module's entities may appear
    // only as types there. Entity files themselves may name other entities (TypeORM relations).
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/entities/**', 'backend/src/database/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+[a-z-]+/entities/',
              allowTypeImports: true,
              message:
                'Otro módulo se usa por su servicio, nunca por su repositorio: sus entidades solo como tipos (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.spec.{ts,tsx}', 'renderer/test/**', 'test/mocks/**', 'backend/test/**'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      // Tests load modules on demand: inside jest.isolateModules, or packages that may be missing.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Test doubles stand in for Electron and the model providers' wire formats, whose values they
    // only pass through.
    files: ['test/mocks/**', 'backend/test/fakes/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
