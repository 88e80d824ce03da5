package dev.authservice.adapter.out.persistence.recovery;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.application.recovery.port.out.ResetRequestLogContract;
import org.junit.jupiter.api.extension.RegisterExtension;

class ResetRequestLogOnPostgresTest extends ResetRequestLogContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected ResetRequestLog emptyResetRequestLog() {
        database.deleteAllRows();
        return database.bean(ResetRequestLog.class);
    }
}
