import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFormLimits } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { useCreateEcosystem, type UserAgent } from '../api/teamQueries';
import { teamOwnerAtom } from '../state/teamAtoms';
import { teamStrings } from '../strings';
import { ecosystemCardRules, EcosystemNameFields, EcosystemSaleFields, type EcosystemCardValues } from './EcosystemFields';

const strings = teamStrings.createEcosystem;

interface NewEcosystemForm extends EcosystemCardValues {
  agentIds: string[];
}

/**
 * 'Crear ecosistema' in 'Mi Oficina': a name, the team's agents it groups, and, to sell it, a
 * monthly price and 'Público en el marketplace'. Once created it is in the team and its page opens,
 * where 'Editar ecosistema' changes it later.
 */
export function CreateEcosystemButton({ agents }: { agents: UserAgent[] }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <AppButton size="sm" variant="outline" onClick={() => setOpened(true)}>
        {strings.button}
      </AppButton>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={strings.title}>
        {opened ? <CreateEcosystemForm agents={agents} /> : null}
      </AppModal>
    </>
  );
}

function CreateEcosystemForm({ agents }: { agents: UserAgent[] }) {
  const owner = useAtomValue(teamOwnerAtom);
  const limits = useFormLimits()?.ecosystem;
  const create = useCreateEcosystem();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<NewEcosystemForm>({
    initialValues: { name: '', description: '', agentIds: [], price: 0, discount: 0, isPublic: false },
    validate: {
      ...ecosystemCardRules(limits),
      agentIds: (value) => (value.length === 0 ? strings.noAgentChosen : null),
    },
  });

  if (agents.length === 0) return <Text>{strings.emptyTeam}</Text>;

  const submit = form.onSubmit((values) => {
    if (owner.status !== 'user') return;
    create.mutate(
      { userId: owner.userId, ecosystem: { ...values, name: values.name.trim(), description: values.description.trim() } },
      {
        onSuccess: (created) => {
          toast.success(strings.created);
          navigate(`/my-office/ecosystem/${encodeURIComponent(created.id)}`);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <EcosystemNameFields form={form} limits={limits} />
        <Checkbox.Group label={strings.agents} required {...form.getInputProps('agentIds')}>
          <Stack gap={6} mt={6}>
            {agents.map((agent) => (
              <Checkbox key={agent.agentId} value={agent.agentId} label={agent.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <EcosystemSaleFields form={form} limits={limits} priceHint={strings.priceHint} />
        {create.isError ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <AppButton type="submit" loading={create.isPending}>
          {strings.submit}
        </AppButton>
      </Stack>
    </form>
  );
}
