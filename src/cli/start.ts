import type { Command } from 'commander';
import type { Role } from '../config.js';
import { iso } from '../lib/clock.js';
import { print, PUBLIC_URL_NOTE, type Output } from './output.js';

export function registerStartCommand(program: Command, output: () => Output): void {
  program
    .command('start')
    .description('run the service (API and background worker)')
    .option('--role <role>', 'all, api or worker')
    .action(async (options: { role?: string }) => {
      if (options.role && !['all', 'api', 'worker'].includes(options.role))
        throw new Error('--role must be all, api or worker');
      // Loaded here, not at the top: the other commands need none of the configuration, HTTP and capability
      // code.
      const { loadConfig } = await import('../config.js');
      const config = loadConfig();
      const { startService } = await import('../main.js');
      const service = await startService(config, { role: options.role as Role | undefined });
      if (service.bootstrap && service.url && service.linkBase) {
        const { inviteLink } = await import('../modules/people/index.js');
        const { token, chatbotId, accountId, userId, invitationToken, invitationExpiresAt } =
          service.bootstrap;
        const invitationLink = inviteLink(service.linkBase, invitationToken);
        print(
          output(),
          {
            url: service.url,
            accountId,
            userId,
            chatbotId,
            token,
            invitationLink,
            invitationExpiresAt: iso(invitationExpiresAt),
          },
          [
            '',
            'First start: created a default account, owner, chatbot and an access token with every permission.',
            `Token (shown only this once): ${token}`,
            `Chatbot: ${chatbotId}`,
            'Try it:',
            `  curl -H "Authorization: Bearer ${token}" ${service.url}/chatbots`,
            `Inbox: the owner (owner@example.com) sets a password at this one-time link, valid 72 hours:`,
            `  ${invitationLink}`,
            ...(config.publicUrl === null ? [`(${PUBLIC_URL_NOTE(service.linkBase)}.)`] : []),
            '',
          ].join('\n'),
        );
      }
      const role = options.role ?? config.role;
      service.deps.logger.info({ url: service.url, role }, service.url ? 'listening' : 'started');
      const shutdown = (signal: string) => {
        service.deps.logger.info({ signal }, 'shutting down');
        service.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            service.deps.logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    });
}
