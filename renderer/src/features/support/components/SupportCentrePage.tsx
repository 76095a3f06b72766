import { Alert, Anchor, Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useRuntimeConfig } from '../../../shared/config';
import { MarkdownText } from '../../../shared/ui/MarkdownText';
import { type SupportCategory, useSupportArticle, useSupportArticles } from '../api/supportQueries';
import { supportStrings } from '../strings';

/** Typing waits this long before searching, so a word is one request rather than one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : supportStrings.loadError;
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="outline" color="red" onClick={onRetry}>
          {supportStrings.retry}
        </Button>
      </Group>
    </Alert>
  );
}

function categoryName(categories: SupportCategory[], id: string): string {
  return categories.find((category) => category.id === id)?.name ?? id;
}

function ContactCard() {
  return (
    <Paper withBorder p="md" radius="md" bg="dark.6">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Text fw={600}>{supportStrings.stillNeedHelp}</Text>
          <Text size="sm" c="dimmed">
            {supportStrings.contactText}
          </Text>
        </div>
        <Button component={Link} to="/contact/soporte" variant="outline" color="indigo">
          {supportStrings.contact}
        </Button>
      </Group>
    </Paper>
  );
}

function ArticleView({ slug, backTo, categories }: { slug: string; backTo: string; categories: SupportCategory[] }) {
  const article = useSupportArticle(slug);
  const notFound = isApiError(article.error) && article.error.status === 404;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm">
        ← {supportStrings.back}
      </Anchor>
      {article.isPending && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{supportStrings.loadingArticle}</Text>
        </Group>
      )}
      {notFound && (
        <Stack gap="xs">
          <Title order={2}>{supportStrings.notFound}</Title>
          <Text c="dimmed">{supportStrings.notFoundText}</Text>
        </Stack>
      )}
      {article.isError && !notFound && <LoadError error={article.error} onRetry={() => void article.refetch()} />}
      {article.isSuccess && (
        <article>
          <Badge variant="light" color="indigo" mb="xs">
            {categoryName(categories, article.data.category)}
          </Badge>
          <Title order={2}>{article.data.title}</Title>
          <Text c="dimmed" mt={4} mb="md">
            {article.data.summary}
          </Text>
          <MarkdownText>{article.data.body}</MarkdownText>
        </article>
      )}
    </Stack>
  );
}

/** /support: the help centre, with categories, a search box and `?article=<slug>` to read one. */
export function SupportCentrePage() {
  const { productName } = useRuntimeConfig();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const slug = params.get('article');
  const [draft, setDraft] = useState(q);
  const list = useSupportArticles(q, category);

  useEffect(() => setDraft(q), [q]);

  useEffect(() => {
    if (draft.trim() === q.trim()) return;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set('q', draft.trim());
          else next.delete('q');
          next.delete('article');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, setParams]);

  const linkWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const search = next.toString();
    return search ? `?${search}` : '/support';
  };

  const data = list.data ?? null;
  const categories = data?.categories ?? [];
  const total = useMemo(() => categories.reduce((sum, item) => sum + item.count, 0), [categories]);

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1100} mx="auto">
      <div>
        <Title order={1}>{supportStrings.title}</Title>
        <Text c="dimmed" mt={4} maw={720}>
          {supportStrings.lead(productName)}
        </Text>
      </div>

      {slug ? (
        <ArticleView slug={slug} backTo={linkWith({ article: null })} categories={categories} />
      ) : (
        <>
          <TextInput
            type="search"
            size="md"
            aria-label={supportStrings.searchLabel}
            placeholder={supportStrings.searchPlaceholder}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          {categories.length > 0 && (
            <Group gap={6} role="group" aria-label={supportStrings.categoriesLabel}>
              <Button
                component={Link}
                to={linkWith({ category: null })}
                size="compact-sm"
                radius="xl"
                variant={category === '' ? 'filled' : 'light'}
                color="indigo"
                aria-current={category === '' ? 'true' : undefined}
              >
                {supportStrings.allCategories} ({total})
              </Button>
              {categories.map((item) => (
                <Button
                  key={item.id}
                  component={Link}
                  to={linkWith({ category: item.id })}
                  size="compact-sm"
                  radius="xl"
                  variant={category === item.id ? 'filled' : 'light'}
                  color="indigo"
                  aria-current={category === item.id ? 'true' : undefined}
                >
                  {item.name} ({item.count})
                </Button>
              ))}
            </Group>
          )}
          {list.isPending && (
            <Group gap="sm">
              <Loader size="sm" />
              <Text c="dimmed">{supportStrings.loading}</Text>
            </Group>
          )}
          {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
          {data && (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" role="status">
                {data.articles.length === 0 ? (q.trim() || category ? supportStrings.empty : supportStrings.none) : supportStrings.results(data.articles.length)}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {data.articles.map((article) => (
                  <Card key={article.slug} withBorder radius="md" padding="md" component="article">
                    <Badge variant="light" color="indigo" size="sm" mb={6}>
                      {categoryName(categories, article.category)}
                    </Badge>
                    <Title order={3} size="h5">
                      <Anchor component={Link} to={linkWith({ article: article.slug })} c="gray.1" underline="hover">
                        {article.title}
                      </Anchor>
                    </Title>
                    <Text size="sm" c="dimmed" mt={4} lineClamp={3}>
                      {article.summary}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          )}
        </>
      )}
      <ContactCard />
    </Stack>
  );
}
