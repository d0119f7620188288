console.log('typecheck placeholder');
