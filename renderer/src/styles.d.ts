/** Stylesheets are bundled by Vite; in tests they map to an empty stub. */
declare module '*.css';
