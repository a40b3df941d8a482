/**
 * Test files whose shops run on the embedded database whatever TEST_DATABASE_URL says (real server
 * processes killed and restarted, the going-live install and update, moving a shop's folder): the
 * PostgreSQL pass would run them again exactly as the first pass did, 7-8 minutes of CI for nothing
 * (decision 061). Their PostgreSQL counterparts are the *.pg.test.ts files. A test checks that none of
 * these reads TEST_DATABASE_URL or opens a test app on it.
 */
export const EMBEDDED_ONLY_TESTS = [
  'src/server/features/backups/moving-the-shop.test.ts',
  'src/server/features/fiscal/crash-fiscal.test.ts',
  'src/server/features/mail/crash-delivery.test.ts',
  'src/server/features/payments/crash-payments.test.ts',
  'src/server/features/sms/crash-sms.test.ts',
  'src/server/features/operations/going-live.test.ts',
  'src/server/features/operations/install.test.ts',
  'src/server/features/operations/update.test.ts',
  'src/server/features/operations/update-restore.test.ts',
  'src/server/cli/start.test.ts',
  'src/server/main.test.ts',
  'src/server/cli/storage-copy.test.ts',
];
