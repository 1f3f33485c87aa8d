// Sending one email through the SMTP server SMTP_URL names (nodemailer).
import nodemailer from 'nodemailer';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(smtp: { url: string }, mail: Mail): Promise<void> {
  const transport = nodemailer.createTransport(smtp.url, {});
  try {
    await transport.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
  } finally {
    transport.close();
  }
}
