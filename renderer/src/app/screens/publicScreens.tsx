// Route modules for the public pages (legal texts, contact, support, payment return, assistant
// chat). The cookies page gets the consent control here: features do not import one another.
import { Alert, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { AssistantChatPage } from '../../features/assistant';
import { PaymentSuccessPage } from '../../features/checkout';
import { useCookieConsent } from '../../features/consent';
import { ContactPage } from '../../features/contact';
import { CookiesPolicyPage, LegalNoticePage, PrivacyPolicyPage, TermsPage, legalStrings } from '../../features/legal';
import { SupportCentrePage } from '../../features/support';
import { AppButton } from '../../shared/ui';

function CookieChoice() {
  const { consent, reset } = useCookieConsent();
  const [reopened, setReopened] = useState(false);
  const texts = legalStrings.cookieChoice;
  const current = consent === 'accepted' ? texts.accepted : consent === 'declined' ? texts.declined : texts.none;
  return (
    <Paper withBorder radius="md" p="md" bg="dark.6" component="section" aria-label={texts.label}>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" role="status">
          {current}
        </Text>
        {consent !== null && (
          <AppButton
            variant="outline"
            onClick={() => {
              reset();
              setReopened(true);
            }}
          >
            {texts.change}
          </AppButton>
        )}
      </Group>
      {reopened && consent === null && (
        <Alert color="indigo" variant="light" mt="sm" p="xs">
          {texts.reopened}
        </Alert>
      )}
    </Paper>
  );
}

export const PrivacyScreen = PrivacyPolicyPage;
export const TermsScreen = TermsPage;
export const LegalNoticeScreen = LegalNoticePage;
export const CookiesScreen = () => <CookiesPolicyPage actions={<CookieChoice />} />;
export const ContactScreen = ContactPage;
export const SupportScreen = SupportCentrePage;
export const PaymentSuccessScreen = PaymentSuccessPage;
export const AssistantChatScreen = AssistantChatPage;
