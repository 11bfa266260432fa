import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import type { Image } from '@/contract/images';
import { can, whyNot } from '@/domain/permissions';
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
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const [name, setName] = useState(`${compute.hostname} image`);
  const [captured, setCaptured] = useState<Image | null>(null);
  const capture = useCaptureImage(team.id, { onSuccess: (image) => setCaptured(image) });
  const mayCapture = can(team.role, 'resources.manage');
  const stopped = compute.status === 'stopped';
  const error = capture.error;
  return (
    <>
      <SectionHeading title="Capture image" documentTitle={`Capture image · ${compute.hostname}`} />
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '32rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          setCaptured(null);
          capture.mutate({ computeId: compute.id, name });
        }}
      >
        <Text variant="muted">
          The compute’s disk is copied as it is into a team image (a standalone qcow2): new computes can start
          from it, and you can download it. The compute must be stopped, and stays stopped until the copy is
          done.
        </Text>
        <TextField
          label="Image name"
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
          <Alert tone="info">
            The compute is {compute.status.replace('_', ' ')}: power it off to capture its disk.
          </Alert>
        ) : null}
        {error && !error.fieldErrors.name ? <Alert tone="error">{error.message}</Alert> : null}
        {captured ? (
          <Alert tone="success">
            “{captured.name}” is being captured.{' '}
            <Link to="/images" className={textRecipe({ variant: 'link' })}>
              Follow it on the Images page
            </Link>
            .
          </Alert>
        ) : null}
        {mayCapture ? (
          <div>
            <Button type="submit" variant="solid" loading={capture.isPending} disabled={!stopped}>
              Capture image
            </Button>
          </div>
        ) : null}
      </form>
    </>
  );
}
