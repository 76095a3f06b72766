import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
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
    plugins: [react(), absoluteAssetPaths, precompress],
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
