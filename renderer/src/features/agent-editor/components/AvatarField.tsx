import { FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../shared/api';
import { AppButton, EntityAvatar } from '../../../shared/ui';
import { useUploadAvatar } from '../api/agentEditorQueries';
import { agentEditorStrings } from '../strings';

const strings = agentEditorStrings.fields;
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

export interface AvatarFieldProps {
  /** The agent's name, for the placeholder's initial. */
  name: string;
  value: string | null;
  onChange(value: string | null): void;
  disabled?: boolean;
  /** Busy while the image uploads (the form waits to save). */
  onUploadingChange?(uploading: boolean): void;
}

/** The agent's picture: uploaded through POST /files; the agent keeps the file's signed URL. */
export function AvatarField({ name, value, onChange, disabled, onUploadingChange }: AvatarFieldProps) {
  const uploadAvatar = useUploadAvatar();
  const uploading = uploadAvatar.isPending;
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    onUploadingChange?.(true);
    try {
      const { url } = await uploadAvatar.mutateAsync(file);
      onChange(url);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : agentEditorStrings.saveFailed);
    } finally {
      onUploadingChange?.(false);
    }
  };

  return (
    <Input.Wrapper label={strings.avatar} description={strings.avatarHint} error={error}>
      <Group gap="md" mt={6}>
        <EntityAvatar name={name || '?'} src={value} size={64} radius="md" />
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED} disabled={disabled || uploading}>
              {(props) => (
                <AppButton {...props} variant="outline" size="xs" loading={uploading}>
                  {value ? strings.avatarReplace : strings.avatarUpload}
                </AppButton>
              )}
            </FileButton>
            {value && (
              <AppButton variant="danger" size="xs" onClick={() => onChange(null)} disabled={disabled || uploading}>
                {strings.avatarRemove}
              </AppButton>
            )}
          </Group>
          {uploading && (
            <Text size="xs" c="dimmed" role="status">
              {strings.avatarUploading}
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
