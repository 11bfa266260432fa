import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import type { Image } from '@/contract/images';
import { computeIsIn } from '@/domain/compute-lifecycle';
import { can, whyNot } from '@/domain/permissions';
import { tRich, useT } from '@/i18n';
import { SectionHeading } from '@/routes/-components/page';
import { useCaptureImage } from '@/services/images.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { loadCompute, useCompute } from '../-components/use-compute';

// Capture image: the stopped compute's disk copied as a team image, to make new computes from or download.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/image')({
  loader: loadCompute,
  component: CaptureImagePage,
});

function CaptureImagePage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const [name, setName] = useState(() => t('computes.image.defaultName', { hostname: compute.hostname }));
  const [captured, setCaptured] = useState<Image | null>(null);
  const capture = useCaptureImage(team.id, { onSuccess: (image) => setCaptured(image) });
  const mayCapture = can(team.role, 'resources.manage');
  const stopped = compute.status === 'stopped';
  const error = capture.error;
  return (
    <>
      <SectionHeading
        title={t('computes.tab.image')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.image'),
          hostname: compute.hostname,
        })}
      />
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '32rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          setCaptured(null);
          capture.mutate({ computeId: compute.id, name });
        }}
      >
        <Text variant="muted">{t('computes.image.lead')}</Text>
        <TextField
          label={t('computes.image.name')}
          value={name}
          maxLength={64}
          disabled={!mayCapture}
          onChange={(event) => {
            setName(event.target.value);
            capture.reset();
          }}
          error={error?.fieldErrors.name}
          help={mayCapture ? undefined : whyNot('resources.manage')}
        />
        {!stopped ? (
          <Alert tone="info">{t('computes.image.notStopped', { state: computeIsIn(compute.status) })}</Alert>
        ) : null}
        {error && !error.fieldErrors.name ? <Alert tone="error">{error.message}</Alert> : null}
        {captured ? (
          <Alert tone="success">
            {tRich('computes.image.captured', {
              name: captured.name,
              link: (
                <Link to="/images" className={textRecipe({ variant: 'link' })}>
                  {t('computes.image.follow')}
                </Link>
              ),
            })}
          </Alert>
        ) : null}
        {mayCapture ? (
          <div>
            <Button type="submit" variant="solid" loading={capture.isPending} disabled={!stopped}>
              {t('computes.image.capture')}
            </Button>
          </div>
        ) : null}
      </form>
    </>
  );
}
