#!/usr/bin/perl
# An SMS centre for the gateway tests written with Perl's Net::SMPP (Debian libnet-smpp-perl), so the Kannel
# driver is not only checked against the npm smpp library. It takes one SMPP connection at a time (Kannel's
# transceiver), answers binds and enquire_links, takes every submit_sm and reports it on stdout as a JSON
# line (the short message as hex, untouched), and sends a delivery receipt when one was asked for:
# DELIVRD, or UNDELIV for the numbers named on the command line.
#   perl net-smpp-centre.pl <undeliverable numbers, comma-separated, or -> [port]
# Prints {"event":"listening","port":N} first (no port, or 0: a free one on 127.0.0.1).
use strict;
use warnings;
use Net::SMPP;
use JSON::PP;
use Encode qw(decode);

$| = 1;
my %undeliverable = map { $_ => 1 } grep { $_ ne '-' && $_ ne '' } split /,/, ($ARGV[0] // '-');
my $json = JSON::PP->new->utf8->canonical;
sub say_event { print $json->encode({@_}) . "\n"; }

my $listener = Net::SMPP->new_listen('127.0.0.1', port => ($ARGV[1] // 0), smpp_version => 0x34)
  or die "cannot listen: $!";
say_event(event => 'listening', port => $listener->sockport);

my $next_id = 0;
while (1) {
  my $c = $listener->accept or next;
  say_event(event => 'connected');
  while (my $pdu = $c->read_pdu()) {
    my $cmd = $pdu->{cmd};
    if ($cmd == 0x00000009 || $cmd == 0x00000002) {    # bind_transceiver, bind_transmitter
      say_event(event => 'bound', system_id => $pdu->{system_id}, password => $pdu->{password});
      if ($cmd == 0x00000009) { $c->bind_transceiver_resp(system_id => 'NETSMPP', seq => $pdu->{seq}); }
      else { $c->bind_transmitter_resp(system_id => 'NETSMPP', seq => $pdu->{seq}); }
    } elsif ($cmd == 0x00000015) {                       # enquire_link
      $c->enquire_link_resp(seq => $pdu->{seq});
    } elsif ($cmd == 0x00000006) {                       # unbind
      $c->unbind_resp(seq => $pdu->{seq});
      last;
    } elsif ($cmd == 0x00000004) {                       # submit_sm
      my $id = sprintf('perl%06d', ++$next_id);
      # The user data header (when esm_class has UDHI) is the first octet's length plus that many octets.
      my $bytes = $pdu->{short_message};
      my $udh = '';
      if ($pdu->{esm_class} & 0x40) {
        my $length = ord(substr($bytes, 0, 1));
        $udh = substr($bytes, 0, 1 + $length);
        $bytes = substr($bytes, 1 + $length);
      }
      # Decoded by Perl's own Encode (GSM 03.38 for data coding 0, UCS-2 for 8), not by the npm library.
      my $text = $pdu->{data_coding} == 8 ? decode('UCS-2BE', $bytes)
        : $pdu->{data_coding} == 0 ? decode('gsm0338', $bytes) : undef;
      say_event(
        event => 'submit',
        id => $id,
        destination => $pdu->{destination_addr},
        destTon => $pdu->{dest_addr_ton},
        destNpi => $pdu->{dest_addr_npi},
        source => $pdu->{source_addr},
        sourceTon => $pdu->{source_addr_ton},
        dataCoding => $pdu->{data_coding},
        esmClass => $pdu->{esm_class},
        registeredDelivery => $pdu->{registered_delivery},
        shortMessage => unpack('H*', $pdu->{short_message}),
        udh => unpack('H*', $udh),
        text => $text,
      );
      $c->submit_sm_resp(message_id => $id, seq => $pdu->{seq});
      if ($pdu->{registered_delivery} & 1) {
        my $stat = $undeliverable{ $pdu->{destination_addr} } ? 'UNDELIV' : 'DELIVRD';
        my $err = $stat eq 'DELIVRD' ? '000' : '001';
        my $done = $stat eq 'DELIVRD' ? '001' : '000';
        $c->deliver_sm(
          source_addr_ton => $pdu->{dest_addr_ton},
          source_addr_npi => $pdu->{dest_addr_npi},
          source_addr => $pdu->{destination_addr},
          destination_addr => $pdu->{source_addr},
          esm_class => 0x04,
          short_message => "id:$id sub:001 dlvrd:$done submit date:2611271200 done date:2611271201 stat:$stat err:$err text:",
          async => 1,
        );
        say_event(event => 'receipt', id => $id, stat => $stat);
      }
    }
    # deliver_sm_resp and anything else: nothing to answer.
  }
  say_event(event => 'disconnected');
}
