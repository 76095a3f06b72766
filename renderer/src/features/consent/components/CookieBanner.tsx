import { Anchor, Box, Group, Text, getDefaultZIndex } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { AppButton } from '../../../shared/ui/AppButton';
import { useApplyCookieConsent } from '../hooks/useApplyCookieConsent';
import { useCookieConsent } from '../hooks/useCookieConsent';
import { consentStrings } from '../strings';

/**
 * While the banner shows, its height is --cookie-banner-height on the document: on a phone Seshat's
 * opener floats at the bottom right, and goes above the banner instead of under it (assistant.css).
 */
function usePublishedHeight() {
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback((node: HTMLElement | null) => {
    const root = document.documentElement;
    observer.current?.disconnect();
    observer.current = null;
    if (!node) {
      root.style.removeProperty('--cookie-banner-height');
      return;
    }
    const publish = () => root.style.setProperty('--cookie-banner-height', `${node.offsetHeight}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(publish);
    observer.current.observe(node);
  }, []);
}

/**
 * Render once, inside the router, on every page. Asks for consent while none is stored and applies
 * the stored choice silently otherwise.
 */
export function CookieBanner() {
  useApplyCookieConsent();
  const { consent, accept, decline } = useCookieConsent();
  const publishHeight = usePublishedHeight();
  if (consent !== null) return null;

  return (
    <Box
      component="section"
      role="region"
      aria-label={consentStrings.bannerLabel}
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      p="md"
      bg="dark.7"
      ref={publishHeight}
      style={{ zIndex: getDefaultZIndex('app'), borderTop: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap" maw={1200} mx="auto">
        <Text size="sm" style={{ flex: '1 1 20rem' }}>
          {consentStrings.message}{' '}
          <Anchor component={Link} to="/cookies" size="sm">
            {consentStrings.moreInfo}
          </Anchor>
        </Text>
        <Group gap="sm" wrap="nowrap">
          <AppButton variant="outline" onClick={decline}>
            {consentStrings.decline}
          </AppButton>
          <AppButton variant="primary" onClick={accept}>
            {consentStrings.accept}
          </AppButton>
        </Group>
      </Group>
    </Box>
  );
}
