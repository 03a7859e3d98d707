import Foundation

extension UIViewController {
    /// ``loadView()``'s storyboard and nib part: true when the view came from one.
    package func loadViewFromInterfaceBuilder() -> Bool {
        if let load = storyboardViewLoader {
            storyboardViewLoader = nil
            view = load(self)
            return true
        }
        InterfaceBuilder.registerModuleFilesIfNeeded()
        let named = nibName ?? {
            let name = String(describing: type(of: self))
            return InterfaceBuilder.nibs[name] != nil ? name : nil
        }()
        guard let named else { return false }
        guard let instantiate = InterfaceBuilder.nibs[named] else {
            Self.onInvalidUse("\(type(of: self)): nib \"\(named)\": \(InterfaceBuilder.missing(nib: named)); the view comes from loadView() as without a nib")
            return false
        }
        let objects = instantiate(self, [:])
        if isViewLoaded { return true }
        Self.onInvalidUse("\(type(of: self)): the nib \"\(named)\" connects no view to its File's Owner's view outlet; \(objects.isEmpty ? "it has no objects" : "its first view was used")")
        guard let first = objects.first(where: { $0 is UIView }) as? UIView else { return false }
        view = first
        return true
    }

    /// Runs a segue of this controller's scene: its destination made, ``prepare(for:sender:)``,
    /// then the transition its kind says. An unwind segue goes to the controller that
    /// takes its action.
    func runSegue(_ template: InterfaceBuilder.SegueTemplate, sender: Any?) {
        if let unwind = template.unwind {
            runUnwind(template, unwind, sender: sender)
            return
        }
        guard let destination = template.destination() else { return }
        let segue: UIStoryboardSegue
        if case .custom(let makeSegue) = template.kind {
            segue = makeSegue(template.identifier, self, destination)
        } else {
            segue = UIStoryboardSegue(identifier: template.identifier, source: self, destination: destination) {
                [unowned self] in self.transition(to: destination, kind: template.kind, sender: sender)
            }
        }
        prepare(for: segue, sender: sender)
        segue.perform()
    }

    private func transition(to destination: UIViewController, kind: InterfaceBuilder.SegueKind, sender: Any?) {
        switch kind {
        case .show: show(destination, sender: sender)
        case .showDetail: showDetailViewController(destination, sender: sender)
        case .present(let style, let transition, let animated):
            if let style { destination.modalPresentationStyle = style }
            if let transition { destination.modalTransitionStyle = transition }
            present(destination, animated: animated)
        case .popover:
            destination.modalPresentationStyle = .popover
            present(destination, animated: true)
        case .custom: break
        }
    }

    /// An unwind: finds the controller that takes the action — walking out through
    /// parents and presenters, and in each navigation stack from the top down — then
    /// ``prepare(for:sender:)``, the action, and the pops and dismissals between.
    private func runUnwind(_ template: InterfaceBuilder.SegueTemplate, _ unwind: UnwindAction, sender: Any?) {
        var candidates: [UIViewController] = []
        var level: UIViewController? = self
        while let current = level {
            var ancestor: UIViewController? = current
            while let each = ancestor {
                if !candidates.contains(where: { $0 === each }) { candidates.append(each) }
                if let navigation = each as? UINavigationController {
                    for child in navigation.viewControllers.reversed() where !candidates.contains(where: { $0 === child }) {
                        candidates.append(child)
                    }
                }
                ancestor = each.parent
            }
            level = current.presentingViewController
        }
        for candidate in candidates where candidate !== self {
            guard let action = unwind.handler(candidate) else { continue }
            let segue = UIStoryboardSegue(identifier: template.identifier, source: self, destination: candidate)
            prepare(for: segue, sender: sender)
            action(segue)
            if candidate.presentedViewController != nil {
                candidate.dismiss(animated: true)
            }
            if let navigation = candidate.navigationController, navigation.viewControllers.contains(candidate),
               navigation.topViewController !== candidate {
                _ = navigation.popToViewController(candidate, animated: true)
            }
            return
        }
        Self.onInvalidUse("\(type(of: self)): no view controller on the way back takes the unwind action \(unwind.name); nothing happened")
    }
}

extension UIView {
    /// The storyboard segue that selecting this cell triggers (a prototype's selection
    /// segue), if any; tables and collection views trigger it after `didSelect…`.
    package var selectionSegue: InterfaceBuilder.SegueTemplate? {
        get { extras.selectionSegue }
        set { extras.selectionSegue = newValue }
    }

    /// The storyboard segue that this cell's detail accessory button triggers, if any.
    package var accessorySegue: InterfaceBuilder.SegueTemplate? {
        get { extras.accessorySegue }
        set { extras.accessorySegue = newValue }
    }
}
