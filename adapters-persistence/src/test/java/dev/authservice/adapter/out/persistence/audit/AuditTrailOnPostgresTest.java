package dev.authservice.adapter.out.persistence.audit;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.audit.port.out.AuditLogReader;
import dev.authservice.application.audit.port.out.AuditTrailContract;
import org.junit.jupiter.api.extension.RegisterExtension;

class AuditTrailOnPostgresTest extends AuditTrailContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected AuditLog emptyAuditLog() {
        database.deleteAllRows();
        return database.bean(JdbcAuditTrail.class);
    }

    @Override
    protected AuditLogReader auditLogReader() {
        return database.bean(JdbcAuditTrail.class);
    }
}
