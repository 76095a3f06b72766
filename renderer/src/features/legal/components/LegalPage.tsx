import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import { legalDocuments, legalStrings, type LegalDocumentKey } from '../strings';
import './legal.css';

export interface LegalPageProps {
  document: LegalDocumentKey;
  /** Rendered under the title (the cookies page puts the consent control here). */
  actions?: ReactNode;
}

export function LegalPage({ document, actions }: LegalPageProps) {
  const { productName } = useRuntimeConfig();
  const doc = legalDocuments[document];
  return (
    <Stack gap="md" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto" component="article" className="legal-page">
      <div>
        <Title order={1}>{doc.title}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {doc.updated}
        </Text>
      </div>
      {actions}
      <MarkdownText>{doc.body(productName).trim()}</MarkdownText>
      <Divider />
      <Group gap="md" component="nav" aria-label={legalStrings.relatedLabel}>
        {(Object.keys(legalStrings.links) as LegalDocumentKey[])
          .filter((key) => key !== document)
          .map((key) => (
            <Anchor key={key} component={Link} to={legalStrings.links[key].to} size="sm">
              {legalStrings.links[key].label}
            </Anchor>
          ))}
      </Group>
    </Stack>
  );
}

export const PrivacyPolicyPage = () => <LegalPage document="privacy" />;
export const TermsPage = () => <LegalPage document="terms" />;
export const LegalNoticePage = () => <LegalPage document="legal" />;
export const CookiesPolicyPage = ({ actions }: { actions?: ReactNode }) => <LegalPage document="cookies" actions={actions} />;
