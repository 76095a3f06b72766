import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { WIDGET_DRAG_MARGIN_PX } from '../../../shared/config';
import { clampPosition, type Point, type Size } from '../state/chatbotState';

/**
 * Where the panel first opens: at the top right, but below the row of the beta notice at the top of
 * the page, so that the notice's close button stays clickable while the panel is open.
 */
export const PANEL_START_TOP_PX = 72;

function viewportSize(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** The window size, kept current on resize. */
export function useViewport(): Size {
  const [size, setSize] = useState(viewportSize);
  useEffect(() => {
    const onResize = () => setSize(viewportSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

export interface DraggablePanel {
  position: Point;
  dragging: boolean;
  /** Spread on the drag handle (the header). */
  handleProps: {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => void;
  };
}

/**
 * Desktop drag: the panel follows the pointer from the header and always stays 16 px inside the
 * window, also after a resize or when it is expanded. Starts at the top right, below the notice row.
 */
export function useDraggablePanel(size: Size, viewport: Size): DraggablePanel {
  const [stored, setStored] = useState<Point | null>(null);
  const [dragging, setDragging] = useState(false);
  const origin = useRef<{ pointer: Point; panel: Point } | null>(null);

  const fallback: Point = { x: viewport.width - size.width - WIDGET_DRAG_MARGIN_PX, y: PANEL_START_TOP_PX };
  const position = clampPosition(stored ?? fallback, size, viewport);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      // Buttons and links in the header keep working; only the bare header drags.
      if ((event.target as HTMLElement).closest('button, a, input, textarea')) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      origin.current = { pointer: { x: event.clientX, y: event.clientY }, panel: position };
      setDragging(true);
    },
    [position],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const start = origin.current;
      if (!start) return;
      const next = {
        x: start.panel.x + event.clientX - start.pointer.x,
        y: start.panel.y + event.clientY - start.pointer.y,
      };
      setStored(clampPosition(next, size, viewport));
    },
    [size, viewport],
  );

  const end = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    if (!origin.current) return;
    origin.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setDragging(false);
  }, []);

  return { position, dragging, handleProps: { onPointerDown, onPointerMove, onPointerUp: end, onPointerCancel: end } };
}
