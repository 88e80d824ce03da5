package dev.authservice.adapter.out.persistence.user;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Username;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every stored username, read for a migration that gives names a new rule: grouped by what the rule makes of each
 * ({@code byKey}, in the order of the names), and those the domain refuses today. Such a migration merges and guesses
 * at nothing: names that share a key, or are refused, stop it, listed for an operator to rename.
 */
record StoredUsernames(Map<String, List<Stored>> byKey, List<Stored> refused) {

    static StoredUsernames read(Connection connection, Function<Username, String> key) throws SQLException {
        Map<String, List<Stored>> byKey = new LinkedHashMap<>();
        List<Stored> refused = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT id, username FROM users ORDER BY username");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                Stored name = new Stored(rows.getObject(1, UUID.class), rows.getString(2));
                try {
                    byKey.computeIfAbsent(key.apply(new Username(name.username())), k -> new ArrayList<>()).add(name);
                } catch (InvalidValueException e) {
                    refused.add(name);
                }
            }
        }
        return new StoredUsernames(byKey, refused);
    }

    /** The groups of names that share a key. */
    List<List<Stored>> sharingAKey() {
        return byKey.values().stream().filter(names -> names.size() > 1).toList();
    }

    boolean allValidAndApart() {
        return refused.isEmpty() && sharingAKey().isEmpty();
    }

    /** The names as an operator finds them: each with its row's id. */
    static String listed(List<Stored> names) {
        return names.stream().map(name -> "'" + name.username() + "' (id " + name.id() + ")")
                .collect(Collectors.joining(", "));
    }

    record Stored(UUID id, String username) {
    }
}
