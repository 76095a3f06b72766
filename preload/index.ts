import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopBridge } from './bridge';

// Sandboxed preload: only `electron` and the bundled local modules are available here, and the page
// gets this one object — never ipcRenderer or any Node API.
contextBridge.exposeInMainWorld(
  'desktop',
  createDesktopBridge({ ipcRenderer, argv: process.argv, platform: process.platform }),
);
