import { CloseButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { noticeStrings } from './strings';

export const BETA_NOTICE_DISMISSED_KEY = 'beta-notice-dismissed';

const readDismissed = () => {
  try {
    return localStorage.getItem(BETA_NOTICE_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** The dismissible beta banner; once closed it stays closed on this device. */
export function BetaNotice({ productName }: { productName: string }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(BETA_NOTICE_DISMISSED_KEY, 'true');
    } catch {
      // Storage can be unavailable (private mode); the banner still closes for this visit.
    }
    setDismissed(true);
  };

  return (
    <Group role="status" className="beta-notice" justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{noticeStrings.beta(productName)}</Text>
      <CloseButton aria-label={noticeStrings.dismiss} onClick={dismiss} size="sm" />
    </Group>
  );
}
