package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.UserColumns;
import dev.authservice.domain.session.RefreshToken.TokenRecord;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

/**
 * A presented token's record as the statements that find it return it (token-record.sql,
 * rotation-in-one-statement.sql): the token's columns, its session's, then its owner's ({@link UserColumns#OF_U}).
 */
final class TokenRecordColumns {

    private static final int OWNER = 11;

    private TokenRecordColumns() {
    }

    static TokenRecord read(ResultSet row, RefreshTokenHash presented) throws SQLException {
        UserAccount owner = UserColumns.read(row, OWNER);
        UUID sessionId = row.getObject(1, UUID.class);
        RefreshTokenRow token = new RefreshTokenRow(presented.hex(), sessionId, owner.id().value(), instant(row, 2),
                instant(row, 3), TokenStatus.valueOf(row.getString(4)), instantOrNull(row, 5));
        SessionRow session = new SessionRow(sessionId, owner.id().value(), instant(row, 6), null, row.getString(7),
                row.getString(8), instantOrNull(row, 9),
                Optional.ofNullable(row.getString(10)).map(RevocationReason::valueOf).orElse(null));
        return new TokenRecord(token.toRefreshToken(), session.toSession(), owner);
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        return row.getObject(column, OffsetDateTime.class).toInstant();
    }

    private static Instant instantOrNull(ResultSet row, int column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
