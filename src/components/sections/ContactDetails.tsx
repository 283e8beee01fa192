import React from "react";
import { Icon, type IconName } from "./Icon";

interface ContactDetailsProps {
  email: { title: string; address: string; note: string };
  postal: { title: string; company: string; street: string; postalCode: string; city: string; country: string };
  hours: { title: string; note: string; rows: readonly { readonly days: string; readonly hours: string }[] };
}

function DetailCard({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <div className="card flex gap-4 p-6">
      <span className="icon-disc">
        <Icon name={icon} className="icon-sm" />
      </span>
      <div className="min-w-0 leading-relaxed">
        <h2 className="h3">{title}</h2>
        <div className="mt-2">{children}</div>
      </div>
    </div>
  );
}

/** E-mail with the reply promise, the postal address in Munich and the opening hours. */
export function ContactDetails({ email, postal, hours }: ContactDetailsProps) {
  return (
    <div className="grid gap-5">
      <DetailCard icon="mail" title={email.title}>
        <a
          href={`mailto:${email.address}`}
          className="font-semibold break-all text-forest-700 underline underline-offset-4 hover:text-forest-900"
        >
          {email.address}
        </a>
        <p className="muted mt-1">{email.note}</p>
      </DetailCard>
      <DetailCard icon="pin" title={postal.title}>
        <address className="not-italic">
          {postal.company}
          <br />
          {postal.street}
          <br />
          {postal.postalCode} {postal.city}
          <br />
          {postal.country}
        </address>
      </DetailCard>
      <DetailCard icon="clock" title={hours.title}>
        <dl className="grid gap-x-6 sm:grid-cols-[auto_1fr] sm:gap-y-1">
          {hours.rows.map((row) => (
            <React.Fragment key={row.days}>
              <dt className="font-medium">{row.days}</dt>
              <dd className="mb-2 sm:mb-0">{`${row.hours}\u00a0Uhr`}</dd>
            </React.Fragment>
          ))}
        </dl>
        <p className="fine-print mt-2">{hours.note}</p>
      </DetailCard>
    </div>
  );
}
