package dev.authservice.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;

/**
 * The dependency rule of the hexagon, for a code base rooted at {@code root}: dependencies point inward
 * (adapters → application → domain), adapters reach the application through its ports only, adapters do not know each
 * other (nor do the persistence packages), and nothing knows the wiring.
 * Parameterised by the root so that the same rules can be shown to fail on a deliberately broken fixture.
 */
final class HexagonRules {

    private final String root;

    HexagonRules(String root) {
        this.root = root;
    }

    List<ArchRule> all() {
        return List.of(domainIsPureJava(), applicationDependsOnDomainOnly(), noFrameworkInTheCore(),
                adaptersDoNotDependOnEachOther(), nothingDependsOnBootstrap(), adaptersDoNotDependOnServices(),
                portsDoNotDependOnServices(), persistencePackagesDoNotDependOnEachOther(),
                useCaseResultsAreMatchedNotTested());
    }

    ArchRule domainIsPureJava() {
        return classes().that().resideInAPackage(root + ".domain..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(root + ".domain..", "java..")
                .because("the domain is plain Java, readable and testable without any framework");
    }

    ArchRule applicationDependsOnDomainOnly() {
        return classes().that().resideInAPackage(root + ".application..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage(root + ".application..", root + ".domain..", "java..")
                .because("use cases know the domain and their own ports, nothing else");
    }

    ArchRule noFrameworkInTheCore() {
        return noClasses().that().resideInAnyPackage(root + ".domain..", root + ".application..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("io.micronaut..", "jakarta..", "javax..", "java.sql..", "com.fasterxml..")
                .because("frameworks, JDBC and JSON belong to adapters");
    }

    ArchRule adaptersDoNotDependOnEachOther() {
        return slices().matching(root + ".adapter.(*).(*)..")
                .should().notDependOnEachOther()
                .because("adapters meet only through the application's ports");
    }

    ArchRule nothingDependsOnBootstrap() {
        return noClasses().that().resideOutsideOfPackage(root + ".bootstrap..")
                .should().dependOnClassesThat().resideInAPackage(root + ".bootstrap..")
                .because("the wiring sees everything and nothing sees the wiring");
    }

    ArchRule adaptersDoNotDependOnServices() {
        return noClasses().that().resideInAPackage(root + ".adapter..")
                .should().dependOnClassesThat().resideInAPackage(root + ".application.service..")
                .because("adapters meet the application through its ports only, so a service can change behind them");
    }

    ArchRule portsDoNotDependOnServices() {
        return noClasses().that().resideInAPackage(root + ".application.port..")
                .should().dependOnClassesThat().resideInAPackage(root + ".application.service..")
                .because("services implement and use the ports; a port naming a service ties the contract to it");
    }

    ArchRule persistencePackagesDoNotDependOnEachOther() {
        return slices().matching(root + ".adapter.out.persistence.(*)..")
                .should().notDependOnEachOther()
                .because("each persistence package owns its tables; what they share lives in adapter.out.persistence");
    }

    /**
     * A caller answers each outcome of a use case through its {@code Result.match}, one function per outcome, so that
     * a new outcome does not compile until every caller handles it. An {@code instanceof} chain would compile, and a
     * catch-all at its end would silently answer the new outcome as the wrong one.
     */
    ArchRule useCaseResultsAreMatchedNotTested() {
        String inPorts = root + ".application.port.in";
        return noClasses().that().resideOutsideOfPackage(inPorts + "..")
                .should(new ArchCondition<JavaClass>("test a use case's result with instanceof") {
                    @Override
                    public void check(JavaClass javaClass, ConditionEvents events) {
                        for (JavaCodeUnit codeUnit : javaClass.getCodeUnits()) {
                            for (InstanceofCheck check : codeUnit.getInstanceofChecks()) {
                                if (check.getRawType().getPackageName().startsWith(inPorts)) {
                                    events.add(SimpleConditionEvent.satisfied(check, javaClass.getName() + " tests "
                                            + check.getRawType().getName() + " with instanceof in "
                                            + codeUnit.getFullName()));
                                }
                            }
                        }
                    }
                })
                .because("a Result is answered by its match, which the compiler holds to every outcome");
    }
}
