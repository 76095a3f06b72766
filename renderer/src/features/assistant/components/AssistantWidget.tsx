import { ActionIcon, Anchor, Center, Group, Indicator, Loader, Text } from '@mantine/core';
import { useAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  WIDGET_DESKTOP_MIN_WIDTH_PX,
  WIDGET_DRAG_MARGIN_PX,
  WIDGET_EXPANDED_WIDTH_PX,
  WIDGET_WIDTH_PX,
  useRuntimeConfig,
} from '../../../shared/config';
import { useAssistantHealth } from '../hooks/useAssistantHealth';
import { useContextHint } from '../hooks/useContextHint';
import { useDesktopToggle } from '../hooks/useDesktopToggle';
import { useDraggablePanel, useViewport } from '../hooks/useDraggablePanel';
import { chatbotStateAtom } from '../state/chatbotAtoms';
import type { Size } from '../state/chatbotState';
import { assistantStrings } from '../strings';
import { AssistantStatus } from './AssistantStatus';
import './assistant.css';

/**
 * The conversation (messages rendered from Markdown, the composer) is a chunk of its own: every page
 * shows the opener, few visitors open the panel. Pointing at the opener starts the download.
 */
const loadConversation = () => import('./AssistantConversation');
const AssistantConversation = lazy(() => loadConversation().then((module) => ({ default: module.AssistantConversation })));
/** With the conversation: its tooltip brings the floating layer, which no first screen needs. */
const ExpandToggle = lazy(() => loadConversation().then((module) => ({ default: module.ExpandToggle })));

/** Spec section 2: 600 px tall, 75vh expanded; never taller than the window minus the drag margins. */
const PANEL_HEIGHT_PX = 600;
const EXPANDED_HEIGHT_RATIO = 0.75;

/** The full-page chat shows the same conversation; a second copy floating over it would be noise. */
const PAGES_WITHOUT_WIDGET = ['/chat-agent'];

export function panelSize(expanded: boolean, viewport: Size): Size {
  const room = viewport.height - 2 * WIDGET_DRAG_MARGIN_PX;
  return expanded
    ? { width: WIDGET_EXPANDED_WIDTH_PX, height: Math.min(Math.round(viewport.height * EXPANDED_HEIGHT_RATIO), room) }
    : { width: WIDGET_WIDTH_PX, height: Math.min(PANEL_HEIGHT_PX, room) };
}

function ChatIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />
      <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

/**
 * Seshat, the floating assistant (spec section 2). Render once inside the router, after the page, on
 * every page: a round opener (top right on desktop, bottom right on mobile) in a place of its own
 * that covers no content (a right-hand rail on desktop, a bar at the bottom on mobile), and a panel
 * that is draggable and expandable on desktop and full screen on mobile.
 */
export function AssistantWidget() {
  const { pathname } = useLocation();
  const [state, dispatch] = useAtom(chatbotStateAtom);
  const { assistantName } = useRuntimeConfig();
  const viewport = useViewport();
  const desktop = viewport.width >= WIDGET_DESKTOP_MIN_WIDTH_PX;
  const expanded = desktop && state.isExpanded;
  const size = panelSize(expanded, viewport);
  const { position, dragging, handleProps } = useDraggablePanel(size, viewport);
  const input = useRef<HTMLTextAreaElement | null>(null);
  // On the first opening the input arrives with its chunk, after the effect below has run.
  const focusInputOnMount = useRef(false);
  const inputRef = useCallback((node: HTMLTextAreaElement | null) => {
    input.current = node;
    if (node && focusInputOnMount.current) {
      focusInputOnMount.current = false;
      node.focus();
    }
  }, []);
  const openerRef = useRef<HTMLButtonElement>(null);

  const hidden = PAGES_WITHOUT_WIDGET.includes(pathname);
  useAssistantHealth();
  useContextHint(pathname, !hidden);
  useDesktopToggle();
  const open = state.isOpen && !hidden;

  // Focus follows the panel; on mobile the input is not focused, so the keyboard does not cover it.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && desktop) {
      if (input.current) input.current.focus();
      else focusInputOnMount.current = true;
    }
    if (!open) focusInputOnMount.current = false;
    if (!open && wasOpen.current && !hidden) openerRef.current?.focus();
    wasOpen.current = open;
  }, [open, hidden, desktop]);

  if (hidden) return null;

  const panelStyle = desktop
    ? { left: position.x, top: position.y, width: size.width, height: size.height }
    : undefined;

  return (
    <>
      {/* The opener's own place, which page content never enters (assistant.css reserves it). */}
      <div className="assistant-dock" data-layout={desktop ? 'desktop' : 'mobile'}>
        {!open && (
          <Indicator label={state.unreadCount} size={20} color="red" disabled={state.unreadCount === 0} offset={6}>
            <ActionIcon
              ref={openerRef}
              size={desktop ? 56 : 48}
              radius="xl"
              color="indigo"
              variant="filled"
              aria-label={
                state.unreadCount > 0
                  ? `${assistantStrings.openerLabel(assistantName)} (${assistantStrings.unread(state.unreadCount)})`
                  : assistantStrings.openerLabel(assistantName)
              }
              aria-expanded={false}
              onClick={() => dispatch({ type: 'open' })}
              onPointerEnter={() => void loadConversation()}
              onFocus={() => void loadConversation()}
              className="assistant-opener-button"
            >
              <ChatIcon />
            </ActionIcon>
          </Indicator>
        )}
      </div>
      {open && (
        <section
          role="dialog"
          aria-modal={false}
          aria-label={assistantStrings.panelLabel(assistantName)}
          className="assistant-panel"
          data-layout={desktop ? 'desktop' : 'mobile'}
          data-expanded={expanded}
          data-dragging={dragging}
          style={panelStyle}
          onKeyDown={(event) => {
            if (event.key === 'Escape') dispatch({ type: 'close' });
          }}
          onClick={(event) => {
            // Full screen on mobile: a link inside would otherwise open its page behind the panel.
            if (!desktop && (event.target as HTMLElement).closest('a[href]')) dispatch({ type: 'close' });
          }}
        >
          <header className="assistant-header" data-draggable={desktop} title={desktop ? assistantStrings.dragHint : undefined} {...(desktop ? handleProps : {})}>
            <div className="assistant-avatar" aria-hidden="true">
              {assistantName.charAt(0).toUpperCase()}
            </div>
            <div className="assistant-title">
              <Text fw={700} size="sm" lh={1.2}>
                {assistantName}
              </Text>
              <Group gap={8} wrap="nowrap">
                <AssistantStatus online={state.isOnline} />
                <Anchor component={Link} to="/support" size="xs">
                  {assistantStrings.support}
                </Anchor>
              </Group>
            </div>
            <Group gap={4} wrap="nowrap">
              {desktop && (
                <Suspense fallback={null}>
                  <ExpandToggle expanded={expanded} onToggle={() => dispatch({ type: 'setExpanded', expanded: !expanded })} />
                </Suspense>
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={assistantStrings.closeLabel(assistantName)}
                onClick={() => dispatch({ type: 'close' })}
              >
                <CloseIcon />
              </ActionIcon>
            </Group>
          </header>
          <Suspense
            fallback={
              <Center className="assistant-conversation" aria-busy="true">
                <Loader size="sm" color="indigo" />
              </Center>
            }
          >
            <AssistantConversation ref={inputRef} />
          </Suspense>
        </section>
      )}
    </>
  );
}
