// Business constants and limits from the spec (section 9), in one place so features agree.

/** Seshat's health check period. */
export const HEALTH_CHECK_INTERVAL_MS = 60_000;
/** GET /health time-out. */
export const HEALTH_TIMEOUT_MS = 5_000;
/** GET /agents/{id} time-out. */
export const AGENT_FETCH_TIMEOUT_MS = 10_000;
/** Delay before the widget's per-page context hint appears. */
export const CONTEXT_HINT_DELAY_MS = 1_200;
/** Attempts for POST /conversations/{id}/messages, with back-off doubling from the initial delay. */
export const MESSAGE_SAVE_RETRIES = 3;
export const MESSAGE_SAVE_INITIAL_DELAY_MS = 500;
/** Lazy script and style chunks. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_PRICE_RANGE: readonly [number, number] = [0, 1000];
export const DEFAULT_SORT = 'popularity';

export const SIDEBAR_BREAKPOINT_PX = 1024;
export const SIDEBAR_WIDTH = '18rem';
export const SIDEBAR_AGENTS_MAX_HEIGHT = '12rem';

export const SIDE_PANEL_WIDTH_PX = 500;
export const MODAL_MAX_WIDTH_PX = 450;
export const OVERLAY_ANIMATION_MS = 300;
/** The modal reports closing only once its exit animation has run. */
export const MODAL_CLOSE_DELAY_MS = OVERLAY_ANIMATION_MS;
/** The spec allows 0.5 to 0.6. */
export const DISABLED_OPACITY = 0.55;

export const WIDGET_WIDTH_PX = 370;
export const WIDGET_EXPANDED_WIDTH_PX = 400;
export const WIDGET_DRAG_MARGIN_PX = 16;
export const WIDGET_DESKTOP_MIN_WIDTH_PX = 768;

/**
 * Not in the spec: the public runtime configuration is fetched before anything else renders, so it
 * gets the same short budget as the health check rather than blocking start-up.
 */
export const CONFIG_FETCH_TIMEOUT_MS = HEALTH_TIMEOUT_MS;
