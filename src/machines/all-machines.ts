// Every machine of the console, by its folder name: what docs/machines is written from (npm run
// machines:docs) and what the model-based coverage report (npm run test:machines) expects a line for.
// Not imported by the console itself.
import type { AnyStateMachine } from 'xstate';
import { apiTokenCreateMachine } from './api-token-create';
import { authMachine } from './auth';
import { changeWithCodeMachine } from './change-with-code';
import { codeEntryMachine } from './code-entry';
import { computeBackupsMachine } from './compute-backups';
import { computeCreateMachine } from './compute-create';
import { computeDestroyMachine } from './compute-destroy';
import { computePowerMachine } from './compute-power';
import { computeRebuildMachine } from './compute-rebuild';
import { computeRescueMachine } from './compute-rescue';
import { computeResizeMachine } from './compute-resize';
import { dnsRecordFormMachine } from './dns-record-form';
import { dnssecDisableMachine } from './dnssec-disable';
import { domainDeleteMachine } from './domain-delete';
import { firewallFormMachine } from './firewall-form';
import { imageCaptureMachine } from './image-capture';
import { imageUploadMachine } from './image-upload';
import { networkCreateMachine } from './network-create';
import { passkeyAddMachine } from './passkey-add';
import { progressBarMachine } from './progress-bar';
import { socketMachine } from './socket';
import { teamVerificationMachine } from './team-verification';
import { toastMachine } from './toast';
import { tooltipMachine } from './tooltip';
import { topUpReturnMachine } from './top-up-return';
import { twoFactorSetupMachine } from './two-factor-setup';
import { volumeAttachMachine } from './volume-attach';
import { volumeCreateMachine } from './volume-create';
import { zoneImportMachine } from './zone-import';

export const allMachines: Record<string, AnyStateMachine> = {
  'api-token-create': apiTokenCreateMachine,
  auth: authMachine,
  'change-with-code': changeWithCodeMachine,
  'code-entry': codeEntryMachine,
  'compute-backups': computeBackupsMachine,
  'compute-create': computeCreateMachine,
  'compute-destroy': computeDestroyMachine,
  'compute-power': computePowerMachine,
  'compute-rebuild': computeRebuildMachine,
  'compute-rescue': computeRescueMachine,
  'compute-resize': computeResizeMachine,
  'dns-record-form': dnsRecordFormMachine,
  'dnssec-disable': dnssecDisableMachine,
  'domain-delete': domainDeleteMachine,
  'firewall-form': firewallFormMachine,
  'image-capture': imageCaptureMachine,
  'image-upload': imageUploadMachine,
  'network-create': networkCreateMachine,
  'passkey-add': passkeyAddMachine,
  'progress-bar': progressBarMachine,
  socket: socketMachine,
  'team-verification': teamVerificationMachine,
  toast: toastMachine,
  'top-up-return': topUpReturnMachine,
  tooltip: tooltipMachine,
  'two-factor-setup': twoFactorSetupMachine,
  'volume-attach': volumeAttachMachine,
  'volume-create': volumeCreateMachine,
  'zone-import': zoneImportMachine,
};
