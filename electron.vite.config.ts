import { resolve } from 'node:path';
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
    plugins: [react(), absoluteAssetPaths],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      emptyOutDir: true,
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
