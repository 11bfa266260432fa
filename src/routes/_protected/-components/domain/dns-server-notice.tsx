// Where zones are served by the embedded DNS server rather than production name servers, the console says
// so, and how to ask it.
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { appConfigQuery } from '@/services/app-config.queries';
import { Alert } from '@/ui/alert';

export function DnsServerNotice() {
  const t = useT();
  const config = useQuery(appConfigQuery()).data;
  if (config?.drivers.dns !== 'embedded') return null;
  const endpoint = config.dnsEndpoint;
  const [host, port] = endpoint ? [endpoint.replace(/:\d+$/, ''), endpoint.match(/:(\d+)$/)?.[1]] : [];
  return (
    <Alert tone="info">
      {host && port
        ? t('domains.dnsServer.noticeDig', { endpoint, command: `dig @${host} -p ${port}` })
        : endpoint
          ? t('domains.dnsServer.noticeAt', { endpoint })
          : t('domains.dnsServer.notice')}
    </Alert>
  );
}
