import type { Locator, Page } from '@playwright/test';

/**
 * The finished reply to `question`: the assistant's message right after the user's last message
 * with that text. A 'Chatear' goes on with the open conversation, so the last reply on screen may
 * answer an earlier question; this one cannot.
 */
export function answerTo(page: Page, question: string): Locator {
  return page
    .getByRole('list', { name: 'Mensajes' })
    .locator('[data-role="user"]', { hasText: question })
    .last()
    .locator('xpath=following-sibling::li[1][@data-role="assistant"][@data-status="complete"]');
}
