import { Alert, Group, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { AppButton } from '../../../shared/ui';
import { promptsStrings as strings } from '../strings';
import type { ExpectationKind, TestCase, TestCaseInput } from '../api/promptsQueries';

export interface TestCaseFormProps {
  title: string;
  initial?: TestCase;
  submitLabel: string;
  onSubmit: (input: TestCaseInput) => Promise<void>;
  onCancel?: () => void;
}

type KindChoice = ExpectationKind | 'none';
const KIND_OPTIONS = (Object.keys(strings.expectationKinds) as KindChoice[]).map((value) => ({
  value,
  label: strings.expectationKinds[value],
}));

/** A question with an optional expectation; the form keeps what was typed when saving fails. */
export function TestCaseForm({ title, initial, submitLabel, onSubmit, onCancel }: TestCaseFormProps) {
  const titleId = useId();
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [kind, setKind] = useState<KindChoice>(initial?.expectation?.kind ?? 'none');
  const [value, setValue] = useState(initial?.expectation?.value ?? '');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (question.trim() === '') return setProblem(strings.questionRequired);
    if (kind !== 'none' && value.trim() === '') return setProblem(strings.valueRequired);
    setProblem(null);
    setSaving(true);
    try {
      await onSubmit({ question: question.trim(), expectation: kind === 'none' ? null : { kind, value } });
      if (!initial) {
        setQuestion('');
        setKind('none');
        setValue('');
      }
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : strings.genericError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" gap="sm" onSubmit={submit} aria-labelledby={titleId}>
      <Title order={4} id={titleId}>
        {title}
      </Title>
      <Textarea label={strings.questionLabel} value={question} autosize minRows={2} maxLength={4000} onChange={(event) => setQuestion(event.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={strings.expectationKindLabel}
          data={KIND_OPTIONS}
          value={kind}
          allowDeselect={false}
          onChange={(choice) => setKind((choice as KindChoice | null) ?? 'none')}
        />
        {kind !== 'none' && (
          <TextInput label={strings.expectationValueLabel} value={value} maxLength={500} onChange={(event) => setValue(event.currentTarget.value)} />
        )}
      </SimpleGrid>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group>
        <AppButton type="submit" loading={saving} disabled={saving}>
          {submitLabel}
        </AppButton>
        {onCancel && (
          <AppButton variant="outline" type="button" onClick={onCancel}>
            {strings.cancelEdit}
          </AppButton>
        )}
      </Group>
    </Stack>
  );
}
