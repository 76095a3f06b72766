import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { authStrings } from '../strings';

const strings = authStrings.challenge;

/** The authenticator-app enrolment: a QR code of the otpauth URI, and the secret to type by hand. */
export function TotpSecret({ uri, secret }: { uri: string; secret: string }) {
  return (
    <>
      <Group justify="center">
        {/* A white quiet zone: authenticator apps fail to read a QR code on a dark background. */}
        <div style={{ background: '#fff', padding: 12, borderRadius: 8, lineHeight: 0 }}>
          <QRCodeSVG value={uri} size={176} role="img" aria-label={strings.totpQrLabel} data-uri={uri} />
        </div>
      </Group>
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {strings.totpSecretLabel}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="totp-secret" style={{ wordBreak: 'break-all', flex: 1 }}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" color={copied ? 'teal' : 'indigo'} onClick={copy}>
                {copied ? strings.copied : strings.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </>
  );
}
