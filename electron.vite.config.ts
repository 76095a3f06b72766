import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * electron-vite forces relative asset paths ('./') for production renderers; with client-side
 * routing that breaks a reload of a deep route (/chat/1 would ask for /chat/static/js/…), in the
 * browser and under app://nova alike. Both serve the renderer from the root, so use '/'.
 */
const absoluteAssetPaths: Plugin = {
  name: 'nova:absolute-asset-paths',
  enforce: 'post',
  config(config) {
    config.base = '/';
  },
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the renderer, at the highest
 * levels: the backend sends them to browsers that accept them (backend/src/web/renderer-static.ts)
 * without compressing anything per request. A copy that would not be smaller is not written.
 */
const precompress: Plugin = {
  name: 'nova:precompress',
  apply: 'build',
  async writeBundle({ dir }) {
    if (!dir) return;
    const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(
      files.map(async (file) => {
        const source = await readFile(join(dir, file));
        const copies = await Promise.all([
          brotli(source, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
          }).then((data) => ({ data, suffix: '.br' })),
          gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }).then((data) => ({ data, suffix: '.gz' })),
        ]);
        await Promise.all(
          copies.filter(({ data }) => data.length < source.length).map(({ data, suffix }) => writeFile(join(dir, file + suffix), data)),
        );
      }),
    );
  },
};

/**
 * The route chunks a first screen waits for. A cold visit to /marketplace used to ask for them only
 * once the entry script had run and the router had matched the route (about 250 ms in), then
 * wait for six connections to fetch 30 files; a copy of index.html per route group asks for them
 * beside the entry script. The backend sends the copy whose prefix matches the path
 * (backend/src/web/renderer-static.ts); other paths get index.html. A module missing here from
 * the bundle fails the build, so the table cannot drift from the router unnoticed.
 */
const FIRST_SCREENS = [
  { name: 'marketplace', prefixes: ['/marketplace', '/my-office', '/agentes'], module: 'src/app/screens/marketplaceScreens.tsx' },
  { name: 'chat', prefixes: ['/chat'], module: 'src/app/screens/chatScreens.tsx' },
  {
    name: 'public',
    prefixes: ['/success', '/chat-agent', '/contact', '/privacidad', '/terminos', '/cookies', '/legal', '/support'],
    module: 'src/app/screens/publicScreens.tsx',
  },
  { name: 'login', prefixes: ['/login'], module: 'src/features/auth/components/LoginPage.tsx' },
  { name: 'register', prefixes: ['/register'], module: 'src/features/auth/components/RegisterPage.tsx' },
] as const;

/** Where the backend finds which copy of index.html serves which paths. */
const FIRST_SCREENS_MANIFEST = 'first-screens.json';

/** The file names of `chunk` and of every chunk it imports statically, transitively, leaving out those in `skip`. */
function staticClosure(bundle: OutputBundle, chunk: OutputChunk, skip: ReadonlySet<string> = new Set()): Set<string> {
  const files = new Set<string>();
  const visit = (current: OutputChunk) => {
    if (skip.has(current.fileName) || files.has(current.fileName)) return;
    files.add(current.fileName);
    for (const imported of current.imports) visit(bundle[imported] as OutputChunk);
  };
  visit(chunk);
  return files;
}

const firstScreenPreloads: Plugin = {
  name: 'nova:first-screen-preloads',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
    const entry = chunks.find((chunk) => chunk.isEntry);
    const indexHtml = bundle['index.html'];
    if (!entry || indexHtml?.type !== 'asset') throw new Error('first-screen preloads: no entry chunk or index.html in the bundle');
    // What the entry script loads anyway; the rest of a route's chunks are what its copy asks for.
    const loaded = staticClosure(bundle, entry);
    const manifest = FIRST_SCREENS.map(({ name, prefixes, module }) => {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/renderer/${module}`));
      if (!chunk) throw new Error(`first-screen preloads: ${module} is not a chunk of its own`);
      const scripts = [...staticClosure(bundle, chunk, loaded)];
      const styles = new Set(scripts.flatMap((file) => [...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? [])]));
      const links = [
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...[...styles].map((file) => `<link rel="preload" as="style" href="/${file}">`),
      ];
      const fileName = `first-screens/${name}.html`;
      this.emitFile({ type: 'asset', fileName, source: String(indexHtml.source).replace('</head>', `${links.join('')}</head>`) });
      return { prefixes, html: fileName };
    });
    this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_MANIFEST, source: JSON.stringify(manifest) });
  },
};

// One build for the three bundles. The renderer is the same app the backend serves to browsers,
// so its chunks follow the spec's layout (static/js, static/css).
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: resolve(__dirname, 'out/main'),
      lib: { entry: resolve(__dirname, 'main/index.ts') },
    },
  },
  preload: {
    // A sandboxed preload cannot require node_modules: bundle everything except electron itself.
    build: {
      outDir: resolve(__dirname, 'out/preload'),
      lib: { entry: resolve(__dirname, 'preload/index.ts') },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react(), absoluteAssetPaths, firstScreenPreloads, precompress],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified; browsers download it, so minify as Vite would.
      minify: true,
      rollupOptions: {
        input: resolve(__dirname, 'renderer/index.html'),
        output: {
          entryFileNames: 'static/js/[name]-[hash].js',
          chunkFileNames: 'static/js/[name]-[hash].js',
          assetFileNames: (asset) =>
            asset.names?.some((name) => name.endsWith('.css'))
              ? 'static/css/[name]-[hash][extname]'
              : 'static/media/[name]-[hash][extname]',
        },
      },
    },
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
        '/api-admin': 'http://localhost:3000',
        '/idp': 'http://localhost:3000',
      },
    },
  },
});
