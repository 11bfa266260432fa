import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import { type Compute, MAX_TAGS, tagSchema } from '@/contract/computes';
import { can, whyNot } from '@/domain/permissions';
import { tRich, useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { useUpdateComputeTags } from '@/services/computes.mutations';
import { ApiError } from '@/services/http';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EnterKey, TagInput } from '@/ui/tag-input';
import { loadCompute, useCompute } from '../-components/use-compute';

// Tags: add and remove, each checked as it is typed (SPEC §5's name pattern), saved together.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/tags')({
  loader: loadCompute,
  component: ComputeTagsPage,
});

function ComputeTagsPage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  return (
    <TagsForm
      key={compute.tags.join(',')}
      compute={compute}
      teamId={team.id}
      mayEdit={can(team.role, 'resources.manage')}
    />
  );
}

function TagsForm({ compute, teamId, mayEdit }: { compute: Compute; teamId: string; mayEdit: boolean }) {
  const t = useT();
  const [tags, setTags] = useState(compute.tags);
  const save = useUpdateComputeTags({ teamId, id: compute.id });
  const error = save.error instanceof ApiError ? save.error : null;
  const changed = tags.join(',') !== compute.tags.join(',');
  return (
    <>
      <SectionHeading
        title={t('computes.tab.tags')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.tags'),
          hostname: compute.hostname,
        })}
      />
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '32rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(tags);
        }}
      >
        <TagInput
          label={t('computes.tab.tags')}
          tags={tags}
          disabled={!mayEdit}
          onChange={(next) => {
            setTags(next);
            save.reset();
          }}
          validate={(tag, current) => {
            if (current.length >= MAX_TAGS) return t('computes.tags.tooMany', { max: MAX_TAGS });
            const checked = v.safeParse(tagSchema, tag);
            return checked.success ? undefined : checked.issues[0].message;
          }}
          help={mayEdit ? tRich('computes.tags.help', { key: <EnterKey /> }) : whyNot('resources.manage')}
          error={
            error?.fieldErrors.tags ??
            Object.entries(error?.fieldErrors ?? {}).find(([field]) => field.startsWith('tags'))?.[1]
          }
        />
        {error && Object.keys(error.fieldErrors).length === 0 ? (
          <Alert tone="error">{error.message}</Alert>
        ) : null}
        {save.isSuccess && !changed ? <Alert tone="success">{t('computes.tags.saved')}</Alert> : null}
        {mayEdit ? (
          <div>
            <Button type="submit" variant="solid" loading={save.isPending} disabled={!changed}>
              {t('computes.tags.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </>
  );
}
