import { Alert, Group, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import type { ExpectationKind, TestCase, TestCaseInput } from '../api/promptsQueries';
import { promptsStrings as strings } from '../strings';
import { errorText } from '../utils/format';
import { tooLong } from '../utils/rules';

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

interface Values {
  question: string;
  kind: KindChoice;
  value: string;
}

/** A question with an optional expectation; the form keeps what was typed when saving fails. */
export function TestCaseForm({ title, initial, submitLabel, onSubmit, onCancel }: TestCaseFormProps) {
  const titleId = useId();
  // The server's bounds (GET /api/config); until they arrive, the server alone checks the lengths.
  const limits = useFormLimits()?.prompt ?? null;
  const form = useForm<Values>({
    initialValues: { question: initial?.question ?? '', kind: initial?.expectation?.kind ?? 'none', value: initial?.expectation?.value ?? '' },
    validate: {
      question: (question) => (question.trim() === '' ? strings.questionRequired : tooLong(question.trim(), limits?.question, strings.questionTooLong)),
      value: (value, { kind }) => {
        if (kind === 'none') return null;
        return value.trim() === '' ? strings.valueRequired : tooLong(value, limits?.expectation, strings.valueTooLong);
      },
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const { kind } = form.getValues();

  const submit = async ({ question, kind: chosen, value }: Values) => {
    setProblem(null);
    try {
      await onSubmit({ question: question.trim(), expectation: chosen === 'none' ? null : { kind: chosen, value } });
      if (!initial) form.reset();
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit, () => setProblem(null))} aria-labelledby={titleId} noValidate>
      <Stack gap="sm">
        <Title order={4} id={titleId}>
          {title}
        </Title>
        <Textarea label={strings.questionLabel} autosize minRows={2} maxLength={limits?.question.max} {...form.getInputProps('question')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={strings.expectationKindLabel}
            data={KIND_OPTIONS}
            {...form.getInputProps('kind')}
            allowDeselect={false}
            onChange={(choice) => form.setFieldValue('kind', (choice as KindChoice | null) ?? 'none')}
          />
          {kind !== 'none' && <TextInput label={strings.expectationValueLabel} maxLength={limits?.expectation.max} {...form.getInputProps('value')} />}
        </SimpleGrid>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <AppButton type="submit" loading={form.submitting} disabled={form.submitting}>
            {submitLabel}
          </AppButton>
          {onCancel && (
            <AppButton variant="outline" type="button" onClick={onCancel}>
              {strings.cancelEdit}
            </AppButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}
