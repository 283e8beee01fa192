import React from "react";
import { ClockIcon, MailIcon, PinIcon } from "../icons";

interface ContactDetailsProps {
  email: { title: string; address: string; note: string };
  postal: { title: string; company: string; street: string; postalCode: string; city: string; country: string };
  hours: { title: string; note: string; rows: readonly { readonly days: string; readonly hours: string }[] };
}

function DetailCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200">
      <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-forest-800 text-ember-300">{icon}</span>
      <div className="min-w-0 flex-1">
        <h2 className="font-serif text-xl font-bold">{title}</h2>
        <div className="mt-2 leading-relaxed text-bark-900">{children}</div>
      </div>
    </div>
  );
}

/** E-mail with the reply promise, the postal address in Munich and the opening hours. */
export function ContactDetails({ email, postal, hours }: ContactDetailsProps) {
  return (
    <div className="grid gap-5">
      <DetailCard icon={<MailIcon className="h-5 w-5" />} title={email.title}>
        <a href={`mailto:${email.address}`} className="font-semibold break-all text-forest-700 underline underline-offset-4 hover:text-forest-900">
          {email.address}
        </a>
        <p className="mt-1 text-bark-700">{email.note}</p>
      </DetailCard>
      <DetailCard icon={<PinIcon className="h-5 w-5" />} title={postal.title}>
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
      <DetailCard icon={<ClockIcon className="h-5 w-5" />} title={hours.title}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {hours.rows.map((row) => (
            <React.Fragment key={row.days}>
              <dt className="font-medium">{row.days}</dt>
              <dd>{row.hours} Uhr</dd>
            </React.Fragment>
          ))}
        </dl>
        <p className="mt-2 text-sm text-bark-700">{hours.note}</p>
      </DetailCard>
    </div>
  );
}
