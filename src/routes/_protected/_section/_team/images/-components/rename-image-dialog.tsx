// Renaming an image: the name as typed stays, the server's reason shows beside it.
import { useState } from 'react';
import type { Image } from '@/contract/images';
import { useT } from '@/i18n';
import { useRenameImage } from '@/services/images.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { TextField } from '@/ui/text-field';

export function RenameImageDialog(props: { teamId: string; image: Image; onClose: () => void }) {
  const { teamId, image, onClose } = props;
  const t = useT();
  const [name, setName] = useState(image.name);
  const rename = useRenameImage(teamId, { onSuccess: () => onClose() });
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? null : onClose())}>
      <Dialog.Content>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ image, name });
          }}
        >
          <Dialog.Header>
            <Dialog.Title>{t('images.renameDialog.title', { name: image.name })}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <TextField
              label={t('images.renameDialog.name')}
              value={name}
              maxLength={64}
              onChange={(event) => setName(event.target.value)}
              error={rename.error?.fieldErrors.name}
            />
            {rename.error && !rename.error.fieldErrors.name ? (
              <Alert tone="error">{rename.error.message}</Alert>
            ) : null}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" type="button" onClick={onClose}>
              {t('images.cancel')}
            </Button>
            <Button variant="solid" type="submit" loading={rename.isPending}>
              {t('images.renameDialog.submit')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
